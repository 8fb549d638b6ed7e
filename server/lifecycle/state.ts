/** False once shutting down: /readyz says so, and responses close their connections. */
export interface ServerState {
  accepting: boolean
}
