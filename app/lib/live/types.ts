/** A relayed message as it went out (its sequence number and SSE bytes), kept in a channel's replay ring. */
export type Entry = { seq: number; bytes: Uint8Array };
/** An exchange message, as parsed from the socket. */
export type Json = Record<string, unknown>;
