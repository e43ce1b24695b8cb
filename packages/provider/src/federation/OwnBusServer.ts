/**
 * What a provider sees of a messagebus whose server it runs itself (`ovos-tools serve` on its embedded bus), so
 * the federation can skip asking an empty bus and ask when someone connects.
 */
export interface OwnBusServer {
  /** How many clients other than the provider are connected now (websocket connections and other attachments). */
  otherClients(): number;
  /** Calls `listener` each time a client connects (once admitted); returns a function that removes it. */
  onClientConnected(listener: () => void): () => void;
  /** Calls `listener` each time an admitted client's connection closes; returns a function that removes it. */
  onClientDisconnected?(listener: () => void): () => void;
}
