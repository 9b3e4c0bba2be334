// The public portals' proof of work (the helpdesk's and the booking portal's), in the visitor's
// browser: the first nonce whose SHA-256 of `challenge:nonce` begins with `bits` zero bits (the
// server checks the same). It yields to the page now and then, so the form stays responsive.
function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export async function solveChallenge(challenge: string, bits: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`)));
    if (leadingZeroBits(digest) >= bits) return String(n);
    if (n % 4000 === 3999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
