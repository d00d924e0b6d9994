// Breaks check 2 only: tool.json has a trailing comma after the last output (line 12), which
// JavaScript object literals allow and JSON does not. This server never reads tool.json itself.
import http from 'node:http';

const i = process.argv.indexOf('--port');
const port = Number(i >= 0 ? process.argv[i + 1] : process.env.PORT);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/healthz' ? { status: 'ok' } : { total: 5 }));
  })
  .listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
