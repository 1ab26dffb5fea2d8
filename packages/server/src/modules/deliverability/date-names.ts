/** Month and weekday names (with common abbreviations) in English, German, French and Spanish. */

const MONTH_NAMES: readonly string[][] = [
  ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero'],
  ['march', 'mar', 'märz', 'maerz', 'mrz', 'mars', 'marzo'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mayo'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre', 'dic'],
];

// Index 0 = Sunday, as Date#getUTCDay counts.
const WEEKDAY_NAMES: readonly string[][] = [
  ['sunday', 'sonntag', 'dimanche', 'domingo'],
  ['monday', 'montag', 'lundi', 'lunes'],
  ['tuesday', 'dienstag', 'mardi', 'martes'],
  ['wednesday', 'mittwoch', 'mercredi', 'miércoles', 'miercoles'],
  ['thursday', 'donnerstag', 'jeudi', 'jueves'],
  ['friday', 'freitag', 'vendredi', 'viernes'],
  ['saturday', 'samstag', 'sonnabend', 'samedi', 'sábado', 'sabado'],
];

const indexOfName = (table: readonly string[][]) =>
  new Map(table.flatMap((names, index) => names.map((name) => [name, index] as const)));

const MONTHS = indexOfName(MONTH_NAMES);
const WEEKDAYS = indexOfName(WEEKDAY_NAMES);

/** A regex alternative of the names, longest first so "mar" does not win over "march". */
const alternativesOf = (names: Iterable<string>) =>
  [...names].sort((a, b) => b.length - a.length).join('|');

export const MONTH_PATTERN = alternativesOf(MONTHS.keys());
export const WEEKDAY_PATTERN = alternativesOf(WEEKDAYS.keys());

/** 1-12 for a month name; undefined for anything else. */
export const monthNumber = (name: string): number | undefined => {
  const index = MONTHS.get(name.toLowerCase());
  return index === undefined ? undefined : index + 1;
};

/** 0 (Sunday) - 6 for a weekday name; undefined for anything else. */
export const weekdayNumber = (name: string): number | undefined => WEEKDAYS.get(name.toLowerCase());
