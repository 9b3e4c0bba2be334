// An article's sanitized HTML names its images by document id (core's sanitizer keeps
// <img data-document-id="…" alt="…">); a reader outside the workspace gets each one's signed
// address from `urls`, and an image whose document is gone is left out.
export function placeImages(html: string, urls: ReadonlyMap<string, string>): string {
  return html.replace(/<img\b([^>]*?)\s*\/?>/g, (_tag, attrs: string) => {
    const id = /data-document-id="([^"]+)"/.exec(attrs)?.[1];
    const url = id ? (urls.get(id.toLowerCase()) ?? urls.get(id)) : undefined;
    if (!url) return '';
    return `<img src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"${attrs} />`;
  });
}
