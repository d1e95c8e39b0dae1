import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { UsageError } from "../errors.js";

/**
 * Starts `server` listening on 127.0.0.1 only, at `port` (0: a free one), and returns the port
 * it got. A port in use or not allowed is a UsageError naming `--port`.
 */
export async function listenOnLoopback(server: Server, port: number): Promise<number> {
  await new Promise<void>((ok, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        fail(
          new UsageError(
            `--port ${port}: the port is in use on 127.0.0.1; choose another or leave --port out for a free one`,
          ),
        );
      else if (error.code === "EACCES")
        fail(new UsageError(`--port ${port}: not allowed to listen on this port; choose one above 1023`));
      else fail(error);
    });
    server.listen(port, "127.0.0.1", () => ok());
  });
  return (server.address() as AddressInfo).port;
}
