/**
 * Message templates: every SMS and e-mail the site sends, per language (templates/<lng>.json, the
 * same dictionary rules as the site's: same keys in every language, none empty). A template is a list
 * of paragraphs, some shown only when their parameter is given; the text part joins them with line
 * breaks (an SMS with spaces), the HTML part puts each in a <p> with every text and parameter
 * escaped and a link parameter made a link.
 */
import type { Dictionary } from '@parlay/i18n/dictionaries.ts';
import { AVAILABLE_LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from '@parlay/i18n/languages.ts';
import en from './templates/en.json' with { type: 'json' };
import ru from './templates/ru.json' with { type: 'json' };

export const TEMPLATE_DICTIONARIES: Record<Language, Dictionary> = { en, ru };

export type OutboxChannel = 'email' | 'sms';

interface Paragraph {
  /** Dictionary key under the template's own group, or a shared key starting with "/". */
  key: string;
  /** Shown only when this parameter is given. */
  when?: string;
}

interface TemplateDefinition {
  channels: readonly OutboxChannel[];
  /** Parameters every message of this template must carry. */
  params: readonly string[];
  paragraphs: readonly Paragraph[];
  /** Shown after the paragraphs in e-mails: the "ignore it if you did not ask" line. */
  ignoreLine: boolean;
}

export const TEMPLATES = {
  login_code: {
    channels: ['sms', 'email'],
    params: ['code'],
    paragraphs: [{ key: 'text' }],
    ignoreLine: true,
  },
  registration_code: {
    channels: ['sms', 'email'],
    params: ['code'],
    paragraphs: [{ key: 'text' }],
    ignoreLine: true,
  },
  confirm_phone: { channels: ['sms'], params: ['code'], paragraphs: [{ key: 'text' }], ignoreLine: false },
  confirm_email: {
    channels: ['email'],
    params: ['code'],
    paragraphs: [{ key: 'welcome', when: 'accountNumber' }, { key: 'text' }, { key: 'link', when: 'link' }],
    ignoreLine: true,
  },
  recovery_code: {
    channels: ['email', 'sms'],
    params: ['code', 'minutes'],
    paragraphs: [{ key: 'text' }],
    ignoreLine: true,
  },
  credentials: {
    channels: ['email'],
    params: ['accountNumber', 'password'],
    paragraphs: [{ key: 'text' }, { key: 'password' }, { key: 'keep' }],
    ignoreLine: false,
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateParams = Record<string, string>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

export interface RenderedMessage {
  subject: string;
  text: string;
  /** Null for SMS. */
  html: string | null;
  lang: Language;
}

export class TemplateError extends Error {
  override name = 'TemplateError';
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function lookup(dictionary: Dictionary, path: string): string {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new TemplateError(`no text ${path}`);
  return node;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function interpolate(text: string, params: TemplateParams, value: (name: string, raw: string) => string) {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const raw = params[name];
    if (raw === undefined) throw new TemplateError(`parameter ${name} missing`);
    return value(name, raw);
  });
}

/** Only http(s) links become <a>; anything else stays text. */
const linkHtml = (raw: string): string =>
  /^https?:\/\//.test(raw) ? `<a href="${escapeHtml(raw)}">${escapeHtml(raw)}</a>` : escapeHtml(raw);

/** Renders `template` for `channel` in `lang` (an unknown language falls back to the default one). */
export function renderTemplate(
  template: TemplateName,
  channel: OutboxChannel,
  lang: string | undefined,
  params: TemplateParams,
): RenderedMessage {
  const definition: TemplateDefinition = TEMPLATES[template];
  if (!definition.channels.includes(channel))
    throw new TemplateError(`${template} is not sent by ${channel}`);
  for (const name of definition.params) {
    if (params[name] === undefined || params[name] === '')
      throw new TemplateError(`parameter ${name} missing`);
  }
  const language: Language = lang && isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const dictionary = TEMPLATE_DICTIONARIES[language];
  const keys = definition.paragraphs
    .filter((p) => p.when === undefined || (params[p.when] ?? '') !== '')
    .map((p) => `${template}.${p.key}`);
  if (channel === 'email' && definition.ignoreLine) keys.push('ignore');
  const texts = keys.map((key) => lookup(dictionary, key));
  const subject = channel === 'email' ? lookup(dictionary, `${template}.subject`) : '';
  if (channel === 'sms') {
    return {
      subject,
      text: texts.map((t) => interpolate(t, params, (_, raw) => raw)).join(' '),
      html: null,
      lang: language,
    };
  }
  const signature = lookup(dictionary, 'signature');
  const text = [...texts.map((t) => interpolate(t, params, (_, raw) => raw)), '', `— ${signature}`].join(
    '\n',
  );
  const paragraphs = texts.map(
    (t) =>
      `<p>${interpolate(escapeHtml(t), params, (name, raw) => (name === 'link' ? linkHtml(raw) : `<b>${escapeHtml(raw)}</b>`))}</p>`,
  );
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${paragraphs.join('')}<p>— ${escapeHtml(signature)}</p></body></html>`;
  return { subject, text, html, lang: language };
}

/** A message written as ready text (no template parameters): its HTML part is that text, escaped. */
export function htmlOfText(subject: string, text: string, lang: string): string {
  const paragraphs = text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${paragraphs}</body></html>`;
}

export { AVAILABLE_LANGUAGES };
