/** What the server and its shutdown (shutdown.ts) share while it runs. */
export interface ServerState {
  /** False once the server is shutting down: /readyz answers 503. */
  accepting: boolean
}
