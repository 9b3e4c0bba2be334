// Cross-tab messages over named BroadcastChannels (ARCHITECTURE §6). Each channel carries one
// kind of message, so a tab subscribes only to what it reacts to.
export type BroadcastMessages = {
  'atrium.session': { type: 'signedOut' } | { type: 'refreshed' };
  'atrium.workspace': { type: 'switched'; tenantId: string | null };
};
export type ChannelName = keyof BroadcastMessages;

const channels = new Map<ChannelName, BroadcastChannel>();

function channel(name: ChannelName): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let existing = channels.get(name);
  if (!existing) {
    existing = new BroadcastChannel(name);
    channels.set(name, existing);
  }
  return existing;
}

// The sending tab does not receive its own message, so callers act locally as well.
export function broadcast<N extends ChannelName>(name: N, message: BroadcastMessages[N]): void {
  channel(name)?.postMessage(message);
}

export function subscribe<N extends ChannelName>(name: N, handler: (message: BroadcastMessages[N]) => void): () => void {
  const ch = channel(name);
  if (!ch) return () => undefined;
  const listener = (event: MessageEvent<BroadcastMessages[N]>) => handler(event.data);
  ch.addEventListener('message', listener);
  return () => ch.removeEventListener('message', listener);
}
