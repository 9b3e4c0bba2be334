import type { CaptionSet } from './captions';

// Captions of the widgets' "Embed" action (a booking page's record page, a helpdesk's).
const en = {
  'widgets.embed': 'Embed',
  'widgets.embedTitle': 'Embed on your website',
  'widgets.embedText':
    'Paste this tag into the HTML of your website where the widget should appear. It shows the page from the portal, as tall as its content.',
  'widgets.snippet': 'Embed code',
  'widgets.copy': 'Copy',
  'widgets.copied': 'Embed code copied',
  'widgets.copyFailed': 'Could not copy; select the code and copy it yourself',
  'widgets.preview': 'Preview',
};

const de: Record<keyof typeof en, string> = {
  'widgets.embed': 'Einbetten',
  'widgets.embedTitle': 'Auf Ihrer Website einbetten',
  'widgets.embedText':
    'Fügen Sie dieses Tag in den HTML-Code Ihrer Website dort ein, wo das Widget erscheinen soll. Es zeigt die Seite aus dem Portal, so hoch wie ihr Inhalt.',
  'widgets.snippet': 'Einbettungscode',
  'widgets.copy': 'Kopieren',
  'widgets.copied': 'Einbettungscode kopiert',
  'widgets.copyFailed': 'Kopieren nicht möglich; markieren und kopieren Sie den Code selbst',
  'widgets.preview': 'Vorschau',
};

export const WIDGET_CAPTIONS: CaptionSet = { en, de };
