// The stock app's server, as React Router's node-custom-server template writes it (compression,
// the client files with express.static, then @react-router/express), without its request log.
// Run by `npm run bench` as `node server.mjs BUILD_DIR`; prints "ready PORT" once listening.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const buildDir = path.resolve(process.argv[2]);
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.use(compression());
app.disable("x-powered-by");
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.use(createRequestHandler({ build, mode: "production" }));

const server = app.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
