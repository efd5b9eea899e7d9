import { XMLParser } from 'fast-xml-parser';

/**
 * The entities a registry answer may use: the five XML predefines. Everything else named stays as
 * written; a document cannot declare more, because documents with a DTD are refused (see parseXml).
 */
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;

/**
 * A DTD (`<!DOCTYPE`) or an entity declaration anywhere in the text. Registries never send one; a
 * reply that does would have its own entities expanded into the values we keep (a company name).
 */
const DECLARATION = /<!(DOCTYPE|ENTITY)/i;

/**
 * Decodes the five predefined entities and numeric character references in one pass, so text
 * that was escaped once (`&amp;#233;`) is not decoded twice. A reference to a character XML does
 * not allow (NUL, a surrogate, beyond U+10FFFF) makes the document not well-formed.
 */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (_, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name];
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!isXmlChar(code)) throw new Error(`character reference &${name}; is not an XML character`);
    return String.fromCodePoint(code);
  });
}

/** XML 1.0 `Char`: tab, line feed, carriage return, and U+0020 upwards except surrogates, FFFE and FFFF. */
function isXmlChar(code: number): boolean {
  if (code === 0x9 || code === 0xa || code === 0xd) return true;
  if (code < 0x20 || code > 0x10ffff) return false;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
}

/** The parser's entity decoder: ours, so no other entity (HTML names, DTD entities) is ever expanded. */
const entityDecoder = {
  decode: decodeReferences,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  setExternalEntities: () => undefined,
  addInputEntities: () => {
    throw new Error('entity declarations are refused');
  },
};

/**
 * One parser setup for the SOAP registries (VIES, UID): namespace prefixes dropped so clients read
 * `Envelope.Body.checkVatResponse` whatever prefixes the server chose, values kept as strings
 * (VAT numbers with leading zeros must not become numbers), the predefined entities and numeric
 * character references decoded.
 */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  entityDecoder,
  ignoreDeclaration: true,
});

/** Parses XML; throws on input that is not well-formed and on any DOCTYPE or ENTITY declaration. */
export function parseXml(xml: string): Record<string, unknown> {
  if (DECLARATION.test(xml)) throw new Error('XML with a DOCTYPE or ENTITY declaration is refused');
  return parser.parse(xml, true) as Record<string, unknown>;
}

/** Escapes text for an XML element body or attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
