// The yardstick of docs/decisions/003-rendered-page-cache.md: node:http sending a page's bytes from memory, nothing else. Reads
// `{ "/path": "file" }` from the JSON file named on the command line and prints its port.
import { readFileSync } from "node:fs";
import http from "node:http";

const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8"))).map(([p, f]) => [p, readFileSync(f)]),
);
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`));
process.on("SIGTERM", () => process.exit(0));
