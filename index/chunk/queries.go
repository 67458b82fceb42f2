package chunk

// Tree-sitter queries, written for loupe (not the grammars' tags.scm).
//
// Definition queries capture the definition node as @def.<what> and its
// name as @name, where <what> is one of:
//
//	function  a function, or a method when its nearest definition above is a container;
//	          in JavaScript and TypeScript also a function assigned to a member at
//	          the top of a module (res.send = function …, Foo.prototype.bar = …,
//	          res.type = res.contentType = function …, named by the first), and
//	          a function-valued property of an object literal that no definition
//	          holds (Foo.prototype = { bar: function … }, module.exports = {…})
//	class     a class (container)
//	interface an interface or trait (container)
//	type      a struct, enum, union, type alias
//	impl      a Rust impl block (container; @name is the implementing type)
//	variable  a module-level assignment or declaration (Python, JavaScript,
//	          TypeScript) or a Rust const or static item; a JavaScript
//	          declaration whose value is a function is a function instead
//	test      a top-level describe/it/test call in JavaScript or TypeScript,
//	          named by its first string argument
//
// Reference queries capture @ref on identifiers a block uses that may be
// defined elsewhere: called names, member and field names, type names.

const pythonDefs = `
(function_definition name: (identifier) @name) @def.function
(class_definition name: (identifier) @name) @def.class
(module (expression_statement (assignment left: (identifier) @name)) @def.variable)
`

const pythonRefs = `
(call function: (identifier) @ref)
(attribute attribute: (identifier) @ref)
(type (identifier) @ref)
(generic_type (identifier) @ref)
(class_definition superclasses: (argument_list (identifier) @ref))
`

const jsDefs = `
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (identifier) @name) @def.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @def.function
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @def.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @def.function
(field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(program (expression_statement (assignment_expression left: (member_expression) @name right: [(arrow_function) (function_expression) (generator_function)])) @def.function)
(program (expression_statement (assignment_expression left: (member_expression) @name right: (assignment_expression right: [(arrow_function) (function_expression) (generator_function)]))) @def.function)
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @def.variable)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @def.variable)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @def.variable))
(program (expression_statement (call_expression
  function: (identifier) @test.fn
  arguments: (arguments . [(string (string_fragment) @name) (template_string (string_fragment) @name)])) @def.test)
  (#match? @test.fn "^(describe|it|test|suite|context)$"))
`

const jsRefs = `
(call_expression function: (identifier) @ref)
(member_expression property: (property_identifier) @ref)
(new_expression constructor: (identifier) @ref)
(class_heritage (identifier) @ref)
(jsx_opening_element name: (identifier) @ref)
(jsx_self_closing_element name: (identifier) @ref)
`

const tsDefs = `
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(function_signature name: (identifier) @name) @def.function
(class_declaration name: (type_identifier) @name) @def.class
(abstract_class_declaration name: (type_identifier) @name) @def.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @def.function
(abstract_method_signature name: (property_identifier) @name) @def.function
(interface_declaration name: (type_identifier) @name) @def.interface
(type_alias_declaration name: (type_identifier) @name) @def.type
(enum_declaration name: (identifier) @name) @def.type
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @def.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @def.function
(public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(program (expression_statement (assignment_expression left: (member_expression) @name right: [(arrow_function) (function_expression) (generator_function)])) @def.function)
(program (expression_statement (assignment_expression left: (member_expression) @name right: (assignment_expression right: [(arrow_function) (function_expression) (generator_function)]))) @def.function)
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @def.variable)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @def.variable)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @def.variable))
(program (expression_statement (call_expression
  function: (identifier) @test.fn
  arguments: (arguments . [(string (string_fragment) @name) (template_string (string_fragment) @name)])) @def.test)
  (#match? @test.fn "^(describe|it|test|suite|context)$"))
`

const tsRefs = `
(call_expression function: (identifier) @ref)
(member_expression property: (property_identifier) @ref)
(new_expression constructor: (identifier) @ref)
(type_identifier) @ref
(extends_clause value: (identifier) @ref)
`

const tsxRefs = tsRefs + `
(jsx_opening_element name: (identifier) @ref)
(jsx_self_closing_element name: (identifier) @ref)
`

const rustDefs = `
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.type
(enum_item name: (type_identifier) @name) @def.type
(union_item name: (type_identifier) @name) @def.type
(type_item name: (type_identifier) @name) @def.type
(trait_item name: (type_identifier) @name) @def.interface
(impl_item type: (_) @name) @def.impl
(macro_definition name: (identifier) @name) @def.function
(const_item name: (identifier) @name) @def.variable
(static_item name: (identifier) @name) @def.variable
`

const rustRefs = `
(call_expression function: (identifier) @ref)
(call_expression function: (scoped_identifier name: (identifier) @ref))
(field_expression field: (field_identifier) @ref)
(scoped_identifier path: (identifier) @ref)
(type_identifier) @ref
(macro_invocation macro: (identifier) @ref)
`

const javaDefs = `
(class_declaration name: (identifier) @name) @def.class
(enum_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(annotation_type_declaration name: (identifier) @name) @def.interface
(method_declaration name: (identifier) @name) @def.function
(constructor_declaration name: (identifier) @name) @def.function
`

const javaRefs = `
(method_invocation name: (identifier) @ref)
(method_invocation object: (identifier) @ref (#match? @ref "^[A-Z]"))
(type_identifier) @ref
(field_access field: (identifier) @ref)
`
