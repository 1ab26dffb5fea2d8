import type { HitClass, HitKind } from '@leadline/shared/tracking';
import { HIT_REASONS } from '@leadline/shared/tracking';

/** A hit as the endpoint saw it. */
export type HitRequest = {
  kind: HitKind;
  method: string;
  /** The user agent as sent (classifyHit cuts it). */
  userAgent: string;
  /** Sec-Purpose or Purpose header (lower-cased by Node), '' when absent. */
  purpose: string;
  /** The client's address (the socket's, or X-Forwarded-For behind a trusted proxy). */
  ip: string;
  /** When it came (ms since the epoch). */
  at: number;
};

export type Classification = { class: HitClass; reason: string };

/** Hits this soon after the email was handed to the mail server are its scanners'. */
export const EARLY_MS = 10_000;
/** Every link of an email clicked within this is a link scanner's work. */
export const EVERY_LINK_MS = 5_000;
export const USER_AGENT_MAX = 300;

/**
 * Substrings of the user agents of link scanners, security gateways, previews and scripts
 * (lower-case). Checked with includes() on a capped string: no pattern over a stranger's text.
 */
const MACHINE_AGENTS = [
  'barracuda',
  'mimecast',
  'proofpoint',
  'safelinks',
  'msoffice-safelinks',
  'trendmicro',
  'symantec',
  'forcepoint',
  'sophos',
  'fortiguard',
  'cisco',
  'ironport',
  'zscaler',
  'bingpreview',
  'linkpreview',
  'preview',
  'curl/',
  'wget/',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'go-http-client',
  'okhttp',
  'java/',
  'apache-httpclient',
  'libwww',
  'node-fetch',
  'axios/',
  'undici',
  'headlesschrome',
  'phantomjs',
  'scanner',
  'bot',
  'crawler',
  'spider',
  'slurp',
];

/** The Apple proxy's agent, exactly. */
const APPLE_PROXY_AGENT = 'Mozilla/5.0';

/** Whether an IPv4 address (or IPv4-mapped IPv6) is in 17.0.0.0/8, Apple's network. */
export const isAppleAddress = (ip: string): boolean => {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const dot = v4.indexOf('.');
  if (dot <= 0 || v4.split('.').length !== 4) return false;
  return v4.slice(0, dot) === '17';
};

const isPrefetch = (purpose: string): boolean => purpose.toLowerCase().includes('prefetch');

/**
 * The class of a hit and why, before what depends on its email's other hits (every link
 * clicked at once, see the writer), in this order: HEAD; prefetch; Apple Mail Privacy
 * Protection (exactly "Mozilla/5.0" from Apple's addresses); Google's image proxy; no or a
 * scanner's user agent; within 10 s of sending; else a person.
 */
export const classifyHit = (hit: HitRequest, sentAt: number): Classification => {
  if (hit.method === 'HEAD') return { class: 'machine', reason: HIT_REASONS.head };
  if (isPrefetch(hit.purpose)) return { class: 'machine', reason: HIT_REASONS.prefetch };
  const agent = hit.userAgent.slice(0, USER_AGENT_MAX);
  if (agent === APPLE_PROXY_AGENT && isAppleAddress(hit.ip))
    return { class: 'proxy', reason: HIT_REASONS.apple };
  const lower = agent.toLowerCase();
  if (lower.includes('googleimageproxy')) return { class: 'proxy', reason: HIT_REASONS.google };
  if (lower.trim() === '') return { class: 'machine', reason: HIT_REASONS.noAgent };
  const scanner = MACHINE_AGENTS.find((part) => lower.includes(part));
  if (scanner)
    return { class: 'machine', reason: `${HIT_REASONS.scanner} (user agent “${scanner}”)` };
  if (hit.at - sentAt < EARLY_MS) return { class: 'machine', reason: HIT_REASONS.early };
  return { class: 'human', reason: HIT_REASONS.person };
};
