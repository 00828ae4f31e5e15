/** notepack.io ships no types: the MessagePack codec socket.io's Redis adapter and emitter use. */
declare module 'notepack.io' {
  export function encode(value: unknown): Buffer;
  export function decode(buffer: Buffer): unknown;
}
