import { countryName } from '../numbers/countries.js';
import { sourceName } from '../registries/names.js';
import { type Html, html } from './html.js';

/**
 * How the console writes the API's values for people: numbers with thousands separators, times in
 * words with the exact time on hover, country and registry names in place of codes. Every page
 * takes them from here, so one value reads the same on every page.
 */

const NUMBER = new Intl.NumberFormat('en');
const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Further than this from now, a time is written as its date ("on 2 Nov 2026"). */
const IN_WORDS_UP_TO = 7 * DAY;

/** 1234567 as "1,234,567"; null or undefined as a dash. */
export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : NUMBER.format(value);
}

/** A count with its noun: "1 validation", "1,234 validations". */
export function counted(value: number, noun: string): string {
  return `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
}

/** A UTC day as "2 Nov 2026". */
export function dayInWords(at: number | string): string {
  const date = new Date(at);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "2026-11" as "November 2026". */
export function monthInWords(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? number} ${year}`;
}

/**
 * A time relative to `now` in words: "just now", "3 minutes ago", "in 5 hours", "yesterday";
 * further than a week either way, its day ("on 2 Nov 2026").
 */
export function timeInWords(at: number, now: number): string {
  const diff = at - now;
  const distance = Math.abs(diff);
  const sign = Math.sign(diff);
  if (distance < 10 * SECOND) return diff <= 0 ? 'just now' : 'in a few seconds';
  if (distance < MINUTE) return RELATIVE.format(sign * Math.floor(distance / SECOND), 'second');
  if (distance < HOUR) return RELATIVE.format(sign * Math.floor(distance / MINUTE), 'minute');
  if (distance < DAY) return RELATIVE.format(sign * Math.floor(distance / HOUR), 'hour');
  if (distance < IN_WORDS_UP_TO) return RELATIVE.format(sign * Math.floor(distance / DAY), 'day');
  return `on ${dayInWords(at)}`;
}

/** An API timestamp in words, the exact ISO time in `datetime` and on hover; a dash when absent. */
export function when(iso: string | null | undefined, now: number): Html | string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return html`<time datetime="${iso}" title="${iso}">${timeInWords(at, now)}</time>`;
}

/** A day (an API date or timestamp) as "2 Nov 2026", its ISO date in `datetime` and on hover. */
export function onDay(iso: string | null | undefined): Html | string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return html`<time datetime="${iso.slice(0, 10)}" title="${iso}">${dayInWords(at)}</time>`;
}

/** "Germany" for DE; the code itself for one the service does not serve. */
export function countryOf(code: string): string {
  return countryName(code) ?? code;
}

/** A VAT number with its country's name beside it: "DE123456704 Germany". */
export function vatNumber(value: string | null | undefined): Html | string {
  if (!value) return '—';
  const name = countryName(value.slice(0, 2));
  return html`<span class="mono">${value}</span>${name ? html` <span class="country">${name}</span>` : ''}`;
}

/** A registry (or the service) by its written-out name, its id on hover. */
export function registry(id: string): Html {
  return html`<span title="${id}">${sourceName(id)}</span>`;
}

const SOURCE_STATUS: Record<string, string> = {
  live: 'a fresh answer',
  cached: 'from the cache',
  unavailable: 'an earlier answer: the registry was unavailable',
  degraded: 'an earlier answer: the registry’s “not registered” was taken for a false answer',
  unverified: 'not confirmed by a registry',
  fallback: 'the national register stood in for VIES',
};

/** Sources that are the service itself: their name says all there is. */
const SERVICE_SOURCES = new Set(['checksum', 'format', 'test']);

/** How an answer came about, in words: its source's name and what its status means. */
export function answeredBy(source: string, status: string): Html {
  const how = SERVICE_SOURCES.has(source) ? undefined : (SOURCE_STATUS[status] ?? status);
  return html`${registry(source)}${how ? `, ${how}` : ''}`;
}
