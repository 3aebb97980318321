// Preloaded into Alto (`node --import`): Alto 0.0.20 hard-codes `fastify.listen({ port, host: "0.0.0.0" })`, has
// no option for the address, and is GPL software we run as published, not patch. This module makes servers that
// listen on all interfaces through the options form of `listen`, as fastify does, listen on the loopback
// address instead, like anvil with `--host 127.0.0.1`.
import { type ListenOptions, Server } from "node:net";

const allInterfaces = new Set([undefined, "0.0.0.0", "::"]);
const listen = Server.prototype.listen;

Server.prototype.listen = function (this: Server, ...args: unknown[]) {
  const options = args[0] as ListenOptions | null;
  if (typeof options === "object" && options !== null && options.path === undefined && allInterfaces.has(options.host))
    args[0] = { ...options, host: "127.0.0.1" };
  return listen.apply(this, args as Parameters<Server["listen"]>);
} as Server["listen"];
