// pg's own conversion of a parameter to the text it sends (exported as pg/lib/utils, untyped)
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
