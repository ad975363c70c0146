export interface AppContext {
  /** Per-request CSP nonce, for Remix's inline scripts. */
  nonce: string;
  /** The exchange's request handler in this process, or an HTTP transport to a remote one. */
  exchangeFetch: (request: Request) => Promise<Response>;
  clientIp: string;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends AppContext {}
  interface Future {
    v3_singleFetch: true;
  }
}
