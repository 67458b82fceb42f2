// A real MCP client, the official TypeScript SDK: it starts the server the
// way an agent's configuration says (command, args, cwd), lists its tools
// and asks context_query for a context. It prints one JSON line:
// {"tools": [...], "context": "...", "tokens": n}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, argsJSON, cwd, query] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args: JSON.parse(argsJSON), cwd, stderr: "inherit" });
const client = new Client({ name: "loupe-readme-test", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const res = await client.callTool({ name: "context_query", arguments: { query, budget: 2000 } }, undefined, { timeout: 120000 });
const text = res.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
console.log(JSON.stringify({ tools: tools.map((t) => t.name), context: text, isError: res.isError ?? false }));
await client.close();
