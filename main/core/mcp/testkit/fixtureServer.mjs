// A stdio MCP server that misbehaves on purpose, for the MCP tests. Mode is argv[2]:
//   tools <name>...  lists those tool names (each echoes its arguments)
//   crash            tool "crash" ends the process mid-call (after a line on stderr)
//   silent           never answers anything (not even initialize)
//   flood            writes stdout without line breaks, forever
//   floodLines       writes lines that are not JSON-RPC, forever
//   marker <file>    writes <file> when started, then serves "tools echo"
//   (any tools mode) a tool named grow adds a tool "grown" and sends notifications/tools/list_changed
//   nolist           answers initialize, never tools/list
//   hang             tool "hang" never answers (for timeouts and cancellation); logs cancellations to stderr
import { writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [mode = 'tools', ...rest] = process.argv.slice(2);

if (mode === 'silent') {
  process.stderr.write('silent server up\n');
  process.stdin.resume();
  setInterval(() => {}, 1 << 30);
} else if (mode === 'flood' || mode === 'floodLines') {
  const chunk = mode === 'flood' ? 'x'.repeat(64 * 1024) : 'this is not json-rpc\n'.repeat(3000);
  const write = () => {
    // Write until the pipe is full, then again when it drains: forever.
    while (process.stdout.write(chunk)) continue;
    process.stdout.once('drain', write);
  };
  process.stdin.once('data', write);
  process.stdin.resume();
} else {
  if (mode === 'marker') writeFileSync(rest[0], String(process.pid));
  const names = mode === 'tools' ? rest : mode === 'crash' ? ['ok', 'crash'] : mode === 'hang' ? ['hang'] : ['echo'];
  const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, async () =>
    mode === 'nolist'
      ? new Promise(() => {})
      : {
          tools: names.map((name) => ({
            name,
            description: `fixture tool ${name}`,
            inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            annotations: { readOnlyHint: true },
          })),
        },
  );
  server.setNotificationHandler?.((await import('@modelcontextprotocol/sdk/types.js')).CancelledNotificationSchema, (n) =>
    process.stderr.write(`cancelled request ${n.params.requestId}\n`),
  );
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const name = req.params.name;
    if (name === 'crash') {
      process.stderr.write('boom: crashing on purpose\n');
      setTimeout(() => process.exit(3), 20);
      return new Promise(() => {});
    }
    if (name === 'hang') return new Promise(() => {});
    if (name === 'grow') {
      // A tool that adds one: the client must follow notifications/tools/list_changed.
      names.push('grown');
      await server.sendToolListChanged();
      return { content: [{ type: 'text', text: 'grew' }] };
    }
    return { content: [{ type: 'text', text: `${name}: ${JSON.stringify(req.params.arguments ?? {})}` }] };
  });
  await server.connect(new StdioServerTransport());
}
