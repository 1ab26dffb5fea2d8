// Phones as a spreadsheet writes them, in E.164 (+49305550101) when the country is known and the
// number has the length that country's numbers have; otherwise as written (the lead form's rule).
// A small table of the countries teams import most, not a numbering plan: a number it cannot
// place is kept as written, never refused.
import { isValidPhone } from './leads.ts';

/** Calling code, the trunk prefix dialled at home before a national number, and its lengths. */
type Plan = { code: string; trunk: string; min: number; max: number };

const plan = (code: string, trunk: string, min: number, max = min): Plan => ({
  code,
  trunk,
  min,
  max,
});

// prettier-ignore
const PLANS: [Plan, string[]][] = [
  [plan('1', '1', 10), ['united states', 'united states of america', 'usa', 'us', 'america', 'canada', 'ca']],
  [plan('44', '0', 9, 10), ['united kingdom', 'uk', 'gb', 'great britain', 'britain', 'england', 'scotland', 'wales', 'northern ireland']],
  [plan('49', '0', 6, 13), ['germany', 'deutschland', 'de']],
  [plan('33', '0', 9), ['france', 'fr']],
  [plan('34', '', 9), ['spain', 'españa', 'espana', 'es']],
  [plan('39', '', 6, 11), ['italy', 'italia', 'it']],
  [plan('31', '0', 9), ['netherlands', 'the netherlands', 'holland', 'nederland', 'nl']],
  [plan('32', '0', 8, 9), ['belgium', 'belgique', 'belgië', 'belgie', 'be']],
  [plan('41', '0', 9), ['switzerland', 'schweiz', 'suisse', 'svizzera', 'ch']],
  [plan('43', '0', 4, 13), ['austria', 'österreich', 'osterreich', 'at']],
  [plan('48', '', 9), ['poland', 'polska', 'pl']],
  [plan('46', '0', 7, 9), ['sweden', 'sverige', 'se']],
  [plan('47', '', 8), ['norway', 'norge']],
  [plan('45', '', 8), ['denmark', 'danmark', 'dk']],
  [plan('358', '0', 5, 12), ['finland', 'suomi', 'fi']],
  [plan('353', '0', 7, 9), ['ireland', 'éire', 'eire', 'ie']],
  [plan('351', '', 9), ['portugal', 'pt']],
  [plan('420', '', 9), ['czechia', 'czech republic', 'česko', 'cz']],
  [plan('30', '', 10), ['greece', 'gr']],
  [plan('36', '06', 8, 9), ['hungary', 'magyarország', 'hu']],
  [plan('40', '0', 9), ['romania', 'românia', 'ro']],
  [plan('352', '', 4, 11), ['luxembourg', 'lu']],
  [plan('380', '0', 9), ['ukraine', 'ua']],
  [plan('90', '0', 10), ['turkey', 'türkiye', 'turkiye', 'tr']],
  [plan('7', '8', 10), ['russia', 'russian federation', 'ru']],
  [plan('972', '0', 8, 9), ['israel', 'il']],
  [plan('971', '0', 8, 9), ['united arab emirates', 'uae', 'ae']],
  [plan('27', '0', 9), ['south africa', 'za']],
  [plan('91', '0', 10), ['india']],
  [plan('81', '0', 9, 10), ['japan', 'jp']],
  [plan('82', '0', 8, 10), ['south korea', 'korea', 'republic of korea', 'kr']],
  [plan('86', '0', 10, 11), ['china', 'cn']],
  [plan('852', '', 8), ['hong kong', 'hk']],
  [plan('65', '', 8), ['singapore', 'sg']],
  [plan('61', '0', 9), ['australia', 'au']],
  [plan('64', '0', 8, 10), ['new zealand', 'nz']],
  [plan('55', '0', 10, 11), ['brazil', 'brasil', 'br']],
  [plan('52', '', 10), ['mexico', 'méxico', 'mx']],
  [plan('54', '0', 10, 11), ['argentina', 'ar']],
];

const countryKey = (name: string) => name.toLowerCase().replace(/[^\p{L}]/gu, '');

const BY_COUNTRY = new Map(
  PLANS.flatMap(([entry, names]) => names.map((name): [string, Plan] => [countryKey(name), entry])),
);
const BY_CODE = new Map(PLANS.map(([entry]): [string, Plan] => [entry.code, entry]));

/** The numbering plan of a country as a lead's Country cell names it ("Germany", "DE"). */
export const phonePlanOf = (country: string | undefined): Plan | undefined =>
  country ? BY_COUNTRY.get(countryKey(country)) : undefined;

/** The national number in E.164, when its length fits the plan (Italy keeps a landline's 0). */
const e164 = (entry: Plan, national: string): string | undefined => {
  if (national.length < entry.min || national.length > entry.max) return undefined;
  if (national.startsWith('0') && entry.code !== '39') return undefined;
  return `+${entry.code}${national}`;
};

/** The digits without the trunk prefix dialled at home ("030 …" -> "30 …", "1 212 …" -> "212 …"). */
const withoutTrunk = (entry: Plan, digits: string): string =>
  entry.trunk &&
  digits.startsWith(entry.trunk) &&
  (entry.trunk.startsWith('0') || digits.length > entry.max)
    ? digits.slice(entry.trunk.length)
    : digits;

/**
 * A phone in E.164 when it can be placed: written internationally (+ or 00) with a calling
 * code of the table (a "(0)" after it left out), or nationally with `country` known;
 * undefined when it cannot.
 */
export const toE164 = (value: string, country?: string): string | undefined => {
  if (!isValidPhone(value)) return undefined;
  const text = value.trim();
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : null;
  if (international !== null) {
    for (const length of [1, 2, 3]) {
      const entry = BY_CODE.get(international.slice(0, length));
      if (!entry) continue;
      const national = international.slice(length);
      return e164(entry, entry.trunk === '0' ? withoutTrunk(entry, national) : national);
    }
    return undefined;
  }
  const entry = phonePlanOf(country);
  return entry ? e164(entry, withoutTrunk(entry, digits)) : undefined;
};

/**
 * A phone cell as an import keeps it: E.164 when the country is known (the row's, else the
 * organisation's) and the number fits it, else as written when the lead form takes it (digits,
 * spaces and the usual marks); undefined when it cannot be kept (no digits, words).
 */
export const importPhone = (value: string, country?: string): string | undefined => {
  const text = value.trim();
  if (!isValidPhone(text)) return undefined;
  return toE164(text, country) ?? text;
};
