// The words generated leads are made of, shared by the SQL generator (a million leads) and the
// spreadsheet generator (imports), so both look alike.

// prettier-ignore
export const FIRST_NAMES = [
  'Ada', 'Alan', 'Amara', 'Ana', 'Arjun', 'Ben', 'Bianca', 'Carlos', 'Chen', 'Chloe',
  'Dario', 'Dmitri', 'Elena', 'Emeka', 'Emma', 'Farah', 'Felix', 'Grace', 'Hana', 'Hugo',
  'Ines', 'Ivan', 'Jade', 'Jonas', 'Kai', 'Karin', 'Leila', 'Liam', 'Lucia', 'Malik',
  'Maya', 'Mei', 'Nadia', 'Noah', 'Nora', 'Omar', 'Olga', 'Paulo', 'Priya', 'Quinn',
  'Rafael', 'Rosa', 'Sami', 'Sara', 'Sofia', 'Tariq', 'Tess', 'Tomas', 'Uma', 'Victor',
  'Wanda', 'Wei', 'Xavier', 'Yara', 'Yusuf', 'Zara', 'Zoe', 'Aiko', 'Bruno', 'Dalia',
];

// 25 x 10 = 250 surnames ("Hartwell", "Ashford"): each is about 0.4 % of the leads.
// prettier-ignore
const SURNAME_STARTS = [
  'Ash', 'Black', 'Brad', 'Brook', 'Cald', 'Clay', 'Crom', 'Dal', 'Elling', 'Fair',
  'Glad', 'Hart', 'Hol', 'Kings', 'Lang', 'Mar', 'Nor', 'Pem', 'Ravens', 'Roth',
  'Stan', 'Thorn', 'Ux', 'Wake', 'Whit',
];
const SURNAME_ENDS = ['ford', 'wood', 'ton', 'ley', 'field', 'well', 'by', 'worth', 'more', 'gate'];
export const LAST_NAMES = SURNAME_STARTS.flatMap((start) => SURNAME_ENDS.map((end) => start + end));

// 30 x 30 x 8 = 7,200 company names ("Blue Harbor Labs").
// prettier-ignore
export const COMPANY_WORDS = [
  'Blue', 'Bright', 'Cedar', 'Clear', 'Copper', 'Crimson', 'Delta', 'Eastern', 'Echo', 'Golden',
  'Granite', 'Green', 'Iron', 'Jade', 'Lunar', 'Maple', 'Nimble', 'North', 'Oak', 'Polar',
  'Prime', 'Quartz', 'Rapid', 'Silver', 'Solar', 'Summit', 'True', 'Urban', 'Vivid', 'Zenith',
];
// prettier-ignore
export const COMPANY_NOUNS = [
  'Anchor', 'Arc', 'Beacon', 'Bridge', 'Canyon', 'Circuit', 'Compass', 'Crest', 'Field', 'Forge',
  'Grove', 'Harbor', 'Hive', 'Horizon', 'Key', 'Lake', 'Leaf', 'Line', 'Mesa', 'Orbit',
  'Path', 'Peak', 'Pixel', 'River', 'Rock', 'Signal', 'Spark', 'Stone', 'Tide', 'Wave',
];
export const COMPANY_SUFFIXES = [
  'Labs',
  'Systems',
  'Group',
  'Partners',
  'Works',
  'Co',
  'Digital',
  'Health',
];

// prettier-ignore
export const DESIGNATIONS = [
  'CEO', 'CTO', 'CFO', 'COO', 'Founder', 'Head of Sales', 'Sales Director', 'VP Marketing',
  'Marketing Manager', 'Engineering Manager', 'Product Manager', 'Operations Lead',
  'Procurement Manager', 'IT Director', 'Office Manager', 'Account Executive',
];

/** [city, state, country] */
// prettier-ignore
export const LOCATIONS: [string, string, string][] = [
  ['New York', 'NY', 'United States'], ['San Francisco', 'CA', 'United States'],
  ['Austin', 'TX', 'United States'], ['Chicago', 'IL', 'United States'],
  ['Seattle', 'WA', 'United States'], ['Toronto', 'ON', 'Canada'],
  ['Vancouver', 'BC', 'Canada'], ['Mexico City', 'CDMX', 'Mexico'],
  ['London', 'England', 'United Kingdom'], ['Manchester', 'England', 'United Kingdom'],
  ['Dublin', 'Leinster', 'Ireland'], ['Paris', 'Ile-de-France', 'France'],
  ['Lyon', 'Auvergne-Rhone-Alpes', 'France'], ['Berlin', 'Berlin', 'Germany'],
  ['Munich', 'Bavaria', 'Germany'], ['Amsterdam', 'North Holland', 'Netherlands'],
  ['Madrid', 'Madrid', 'Spain'], ['Barcelona', 'Catalonia', 'Spain'],
  ['Lisbon', 'Lisbon', 'Portugal'], ['Milan', 'Lombardy', 'Italy'],
  ['Stockholm', 'Stockholm', 'Sweden'], ['Warsaw', 'Masovia', 'Poland'],
  ['Lagos', 'Lagos', 'Nigeria'], ['Nairobi', 'Nairobi', 'Kenya'],
  ['Cape Town', 'Western Cape', 'South Africa'], ['Dubai', 'Dubai', 'United Arab Emirates'],
  ['Bangalore', 'Karnataka', 'India'], ['Mumbai', 'Maharashtra', 'India'],
  ['Singapore', '', 'Singapore'], ['Tokyo', 'Tokyo', 'Japan'],
  ['Seoul', 'Seoul', 'South Korea'], ['Sydney', 'NSW', 'Australia'],
  ['Melbourne', 'Victoria', 'Australia'], ['Sao Paulo', 'SP', 'Brazil'],
  ['Buenos Aires', 'CABA', 'Argentina'], ['Santiago', 'RM', 'Chile'],
];

/** Notes; about half the leads have none. */
// prettier-ignore
export const NOTES = [
  '', '', '', '', '', '',
  'Met at the spring trade fair, wants a demo',
  'Asked for pricing for a team of twenty',
  'Follow up after the quarterly budget review',
  'Evaluating two other vendors',
  'Interested in the reporting add-on',
  'Warm introduction through a customer',
  'Downloaded the whitepaper on pipeline hygiene',
  'Call back in the new fiscal year',
  'Needs single sign-on before buying',
  'Replied to the cold email, curious about integrations',
];

/** The search term of the leads list benchmark: one surname, about 4,000 leads in a million. */
export const SEARCH_TERM = 'Hartwell';

export const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
