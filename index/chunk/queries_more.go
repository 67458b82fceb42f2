package chunk

// Queries for the languages added after the first six: C, C++, C#, Ruby,
// PHP, Kotlin, Bash and Lua. They use the captures described in
// queries.go, plus one more kind of definition:
//
//	namespace a Ruby module: not a block of its own; the classes inside
//	          it are top-level blocks and the functions directly inside
//	          it are named "Module.function"
//
// A name that is a path ("Widget::Compute" in C++, "M.state:get" in Lua)
// names the definition after its last part, qualified by the rest.

// cFuncName matches the name of a function declarator behind up to two
// pointer declarators (char **f(void)), for C and C++.
const cFuncDeclarators = `
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @def.function
(function_definition declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @def.function
(declaration declarator: (function_declarator declarator: (identifier) @name)) @def.function
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @def.function
(preproc_function_def name: (identifier) @name) @def.function
(preproc_def name: (identifier) @name value: (_)) @def.variable
(translation_unit (declaration declarator: (init_declarator declarator: (identifier) @name)) @def.variable)
(translation_unit (declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name))) @def.variable)
(preproc_ifdef (declaration declarator: (init_declarator declarator: (identifier) @name)) @def.variable)
(preproc_ifdef (declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name))) @def.variable)
(type_definition declarator: (type_identifier) @name) @def.type
(enum_specifier name: (type_identifier) @name body: (_)) @def.type
(union_specifier name: (type_identifier) @name body: (_)) @def.type
`

const cDefs = cFuncDeclarators + `
(struct_specifier name: (type_identifier) @name body: (_)) @def.type
`

const cRefs = `
(call_expression function: (identifier) @ref)
(field_expression field: (field_identifier) @ref)
(type_identifier) @ref
`

const cppDefs = cFuncDeclarators + `
(function_definition declarator: (function_declarator declarator: [(field_identifier) (qualified_identifier) (destructor_name) (operator_name)] @name)) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (qualified_identifier)] @name))) @def.function
(function_definition declarator: (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier) (operator_name)] @name))) @def.function
(struct_specifier name: (type_identifier) @name body: (_)) @def.class
(class_specifier name: (type_identifier) @name body: (_)) @def.class
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @def.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @def.class
(alias_declaration name: (type_identifier) @name) @def.type
(concept_definition name: (identifier) @name) @def.type
(namespace_definition body: (declaration_list (declaration declarator: (init_declarator declarator: (identifier) @name)) @def.variable))
`

const cppRefs = `
(call_expression function: (identifier) @ref)
(call_expression function: (qualified_identifier name: (identifier) @ref))
(call_expression function: (field_expression field: (field_identifier) @ref))
(field_expression field: (field_identifier) @ref)
(type_identifier) @ref
(namespace_identifier) @ref
`

const csharpDefs = `
(class_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.type
(delegate_declaration name: (identifier) @name) @def.type
(method_declaration name: (identifier) @name) @def.function
(constructor_declaration name: (identifier) @name) @def.function
`

const csharpRefs = `
(invocation_expression function: (identifier) @ref)
(member_access_expression name: (identifier) @ref)
(object_creation_expression type: (identifier) @ref)
(base_list (identifier) @ref)
(generic_name (identifier) @ref)
(variable_declaration type: (identifier) @ref)
(parameter type: (identifier) @ref)
`

const rubyDefs = `
(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.function
(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.namespace
(assignment left: (constant) @name) @def.variable
`

const rubyRefs = `
(call method: (identifier) @ref)
(constant) @ref
`

const phpDefs = `
(class_declaration name: (name) @name) @def.class
(trait_declaration name: (name) @name) @def.class
(enum_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(method_declaration name: (name) @name) @def.function
(function_definition name: (name) @name) @def.function
(program (const_declaration (const_element (name) @name)) @def.variable)
`

const phpRefs = `
(function_call_expression function: (name) @ref)
(function_call_expression function: (qualified_name (name) @ref))
(member_call_expression name: (name) @ref)
(nullsafe_member_call_expression name: (name) @ref)
(scoped_call_expression scope: (name) @ref)
(scoped_call_expression name: (name) @ref)
(object_creation_expression (name) @ref)
(named_type (name) @ref)
(base_clause (name) @ref)
(class_interface_clause (name) @ref)
(member_access_expression name: (name) @ref)
`

const kotlinDefs = `
(class_declaration name: (identifier) @name) @def.class
(class_declaration "interface" name: (identifier) @name) @def.interface
(object_declaration name: (identifier) @name) @def.class
(function_declaration name: (identifier) @name) @def.function
(type_alias type: (identifier) @name) @def.type
(source_file (property_declaration (variable_declaration (identifier) @name)) @def.variable)
`

const kotlinRefs = `
(call_expression . (identifier) @ref)
(navigation_expression (identifier) @ref .)
(user_type (identifier) @ref)
`

const bashDefs = `
(function_definition name: (word) @name) @def.function
(program (variable_assignment name: (variable_name) @name) @def.variable)
(program (declaration_command (variable_assignment name: (variable_name) @name)) @def.variable)
`

const bashRefs = `
(command name: (command_name (word) @ref))
`

const luaDefs = `
(function_declaration name: [(identifier) (dot_index_expression) (method_index_expression)] @name) @def.function
(assignment_statement (variable_list name: [(identifier) (dot_index_expression)] @name) (expression_list value: (function_definition))) @def.function
(variable_declaration (assignment_statement (variable_list name: (identifier) @name) (expression_list value: (function_definition)))) @def.function
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @def.variable)
`

const luaRefs = `
(function_call name: (identifier) @ref)
(function_call name: (dot_index_expression field: (identifier) @ref))
(function_call name: (method_index_expression method: (identifier) @ref))
(dot_index_expression field: (identifier) @ref)
`
