let firstAddress: URL | null = null;
let takeAddress: ((url: URL) => void) | null = null;

// The first address of a signed-in page load in the workspace frame, handed from the frame's
// start-up (layouts/frame-loader.ts) to the entity pages' module, which asks for its record page
// as it is evaluated (entity-pages.tsx) — not on the frame's import() of that module: Vite's
// preload wrapper resolves that only once the chunk's stylesheets have fired their load events,
// which wait behind the frame's first render, 110–220 ms after the module was evaluated (work
// bench, returning visits).
export function offerFirstAddress(url: URL): void {
  firstAddress = url;
  takeAddress?.(url);
}

export function whenFirstAddressKnown(work: (url: URL) => void): void {
  if (firstAddress) work(firstAddress);
  else takeAddress = work;
}
