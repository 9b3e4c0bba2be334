import type { CaptionSet } from '../../platform/captions';

// Captions of the widgets' settings (decision 098): the sites that may embed the portal pages,
// their theme and the embed codes.
const en = {
  'nav.widgets': 'Widgets',
  'widgetSettings.title': 'Widgets',
  'widgetSettings.intro':
    'Booking pages and helpdesks on the portal can be embedded on other websites with one script tag. Here you choose which sites may do so and how the embedded pages look.',
  'widgetSettings.codes': 'Embed codes',
  'widgetSettings.codesText': 'Paste a code into the page of your website where the widget should appear.',
  'widgetSettings.noCodes': 'No booking page or helpdesk is on the portal for anyone yet.',
  'widgetSettings.bookingPage': 'Booking page {{name}}',
  'widgetSettings.helpdesk': 'Helpdesk {{name}}',
  'widgetSettings.sites': 'Allowed sites',
  'widgetSettings.sitesText':
    'Only these sites may show the widgets, for example https://www.example.com or http://localhost:8080 (scheme, host and port, no path). With no site listed, any site may.',
  'widgetSettings.anySite': 'Any site may embed the widgets.',
  'widgetSettings.site': 'Site {{number}}',
  'widgetSettings.addSite': 'Add site',
  'widgetSettings.removeSite': 'Remove site {{number}}',
  'widgetSettings.theme': 'Theme',
  'widgetSettings.primaryColor': 'Primary colour',
  'widgetSettings.primaryColorHint': "As # and six hex digits, for example #0b7a75. Empty: Atrium's own colour.",
  'widgetSettings.dark': 'Dark',
  'widgetSettings.light': 'Light',
  'widgetSettings.appearance': 'Appearance',
  'widgetSettings.preview': 'Preview',
  'widgetSettings.previewText': 'Book a time',
  'widgetSettings.previewButton': 'Book',
  'widgetSettings.saved': 'Widget settings saved',
  'widgetSettings.saveFailed': 'The widget settings could not be saved',
};

const de: Record<keyof typeof en, string> = {
  'nav.widgets': 'Widgets',
  'widgetSettings.title': 'Widgets',
  'widgetSettings.intro':
    'Buchungsseiten und Helpdesks im Portal lassen sich mit einem Script-Tag in andere Websites einbetten. Hier legen Sie fest, welche Websites das dürfen und wie die eingebetteten Seiten aussehen.',
  'widgetSettings.codes': 'Einbettungscodes',
  'widgetSettings.codesText': 'Fügen Sie einen Code in die Seite Ihrer Website ein, auf der das Widget erscheinen soll.',
  'widgetSettings.noCodes': 'Noch ist keine Buchungsseite und kein Helpdesk für alle im Portal.',
  'widgetSettings.bookingPage': 'Buchungsseite {{name}}',
  'widgetSettings.helpdesk': 'Helpdesk {{name}}',
  'widgetSettings.sites': 'Erlaubte Websites',
  'widgetSettings.sitesText':
    'Nur diese Websites dürfen die Widgets zeigen, zum Beispiel https://www.example.com oder http://localhost:8080 (Schema, Host und Port, kein Pfad). Ist keine eingetragen, darf es jede.',
  'widgetSettings.anySite': 'Jede Website darf die Widgets einbetten.',
  'widgetSettings.site': 'Website {{number}}',
  'widgetSettings.addSite': 'Website hinzufügen',
  'widgetSettings.removeSite': 'Website {{number}} entfernen',
  'widgetSettings.theme': 'Design',
  'widgetSettings.primaryColor': 'Hauptfarbe',
  'widgetSettings.primaryColorHint': 'Als # und sechs Hexadezimalziffern, zum Beispiel #0b7a75. Leer: die Farbe von Atrium.',
  'widgetSettings.dark': 'Dunkel',
  'widgetSettings.light': 'Hell',
  'widgetSettings.appearance': 'Darstellung',
  'widgetSettings.preview': 'Vorschau',
  'widgetSettings.previewText': 'Termin buchen',
  'widgetSettings.previewButton': 'Buchen',
  'widgetSettings.saved': 'Widget-Einstellungen gespeichert',
  'widgetSettings.saveFailed': 'Die Widget-Einstellungen konnten nicht gespeichert werden',
};

export const WIDGET_SETTINGS_CAPTIONS: CaptionSet = { en, de };
