// A slug from a title: lower case, accents removed, anything else a hyphen, at most `max` long
// ("Zurücksetzen des Passworts" → "zurucksetzen-des-passworts"). Empty when nothing is left.
export function slugOf(title: string, max: number): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}
