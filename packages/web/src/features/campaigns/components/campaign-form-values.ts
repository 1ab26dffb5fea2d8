import type { Control, FieldErrors, Resolver } from 'react-hook-form';
import {
  DEFAULT_THROTTLE,
  NO_FILTERS,
  THROTTLE_MAX,
  THROTTLE_MIN,
  campaignSchema,
} from '@leadline/shared/campaigns';
import type {
  CampaignDetail,
  CampaignInput,
  CampaignType,
  TargetFilters,
} from '@leadline/shared/campaigns';
import {
  DEFAULT_GAP_SECONDS,
  defaultSendingWindow,
  localTimeZone,
} from '@leadline/shared/sending-window';
import { plainText } from '@leadline/shared/email';
import type { SendingWindow } from '@leadline/shared/sending-window';

/** The form's values: the payload's shape, with the start date as a datetime-local text. */
export type CampaignFormValues = {
  name: string;
  description: string;
  type: CampaignType;
  emailSubject: string;
  emailBody: string;
  targetFilters: TargetFilters;
  leads: string[];
  followUps: { delayDays: number | string; body: string }[];
  schedule: { sendNow: boolean; startDate: string; throttlePerHour: number | string };
  /** Off: any day, any time (the payload's null window). */
  windowed: boolean;
  sendingWindow: SendingWindow;
  gapSeconds: { min: number | string; max: number | string };
  /** The creator's mailboxes the leads are spread over; none: the default mailbox. */
  mailboxIds: string[];
  /** Track opens and clicks (asked only while the organisation's switch is on). */
  track: boolean;
};

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  name: '',
  description: '',
  type: 'email',
  emailSubject: '',
  emailBody: '',
  targetFilters: { ...NO_FILTERS },
  leads: [],
  followUps: [],
  schedule: { sendNow: true, startDate: '', throttlePerHour: DEFAULT_THROTTLE },
  windowed: true,
  // The browser's zone: the creator's.
  sendingWindow: defaultSendingWindow(localTimeZone()),
  gapSeconds: { ...DEFAULT_GAP_SECONDS },
  mailboxIds: [],
  track: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone. */
export const toLocalInput = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

export const campaignFormValues = (campaign: CampaignDetail): CampaignFormValues => ({
  name: campaign.name,
  description: campaign.description,
  type: campaign.type,
  emailSubject: campaign.emailSubject,
  emailBody: campaign.emailBody,
  targetFilters: { ...campaign.targetFilters },
  leads: [...campaign.leads],
  followUps: campaign.followUps.map((step) => ({ ...step })),
  schedule: {
    sendNow: campaign.schedule.sendNow,
    startDate: toLocalInput(campaign.schedule.startDate),
    throttlePerHour: campaign.schedule.throttlePerHour,
  },
  windowed: campaign.sendingWindow !== null,
  sendingWindow: campaign.sendingWindow
    ? { ...campaign.sendingWindow, days: [...campaign.sendingWindow.days] }
    : defaultSendingWindow(localTimeZone()),
  gapSeconds: { ...campaign.gapSeconds },
  mailboxIds: [...campaign.mailboxIds],
  track: campaign.track,
});

const validThrottle = (value: number | string) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= THROTTLE_MIN && number <= THROTTLE_MAX;
};

/**
 * The payload, normalised (leads a list, filters an object, description
 * empty when missing). The send rate is only asked for when not sending now: a hidden
 * leftover value that is not valid gives way to the default.
 */
export const toPayload = (values: CampaignFormValues): CampaignInput => {
  const { sendNow, startDate, throttlePerHour } = values.schedule;
  const local = startDate ? new Date(startDate) : null;
  return {
    name: values.name,
    description: values.description ?? '',
    type: values.type,
    emailSubject: values.emailSubject,
    emailBody: values.emailBody,
    targetFilters: { ...values.targetFilters, tags: [...values.targetFilters.tags] },
    leads: Array.isArray(values.leads) ? values.leads : [],
    followUps: values.type === 'email' ? values.followUps : [],
    schedule: {
      sendNow,
      startDate: !sendNow && local && !Number.isNaN(local.getTime()) ? local.toISOString() : null,
      throttlePerHour:
        !sendNow || validThrottle(throttlePerHour) ? Number(throttlePerHour) : DEFAULT_THROTTLE,
    },
    sendingWindow: values.windowed ? values.sendingWindow : null,
    gapSeconds: { min: gapNumber(values.gapSeconds.min), max: gapNumber(values.gapSeconds.max) },
    mailboxIds: values.type === 'email' ? (values.mailboxIds ?? []) : [],
    // True: as the organisation's switch says (off: nothing is tracked).
    track: values.type === 'email' ? values.track !== false : false,
  };
};

export const UNTITLED_CAMPAIGN = 'Untitled campaign';

/**
 * A half-written campaign as a draft: a name when it has none yet, and without follow-up steps
 * that have no message (the rest the server checks as for any draft).
 */
export const toDraftPayload = (values: CampaignFormValues): CampaignInput => {
  const payload = toPayload(values);
  return {
    ...payload,
    name: payload.name.trim() || UNTITLED_CAMPAIGN,
    followUps: (payload.followUps ?? []).filter((step) => plainText(step.body).length > 0),
  };
};

/** A gap field's number (blank is 0; anything else the schema checks). */
const gapNumber = (value: number | string): number =>
  value === '' ? 0 : typeof value === 'number' ? value : Number(value);

/** Puts a message at a dotted path of the nested errors object react-hook-form reads. */
const setError = (errors: Record<string, unknown>, path: (string | number)[], message: string) => {
  let node = errors;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] ??= { type: 'validation', message };
      return;
    }
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
};

/** The shared schema's rules and texts on the form's values. */
export const campaignResolver: Resolver<CampaignFormValues, unknown, CampaignInput> = async (
  values,
) => {
  const payload = toPayload(values);
  const result = campaignSchema.safeParse(payload);
  if (result.success) return { values: payload, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues)
    setError(
      errors,
      issue.path.length ? (issue.path as (string | number)[]) : ['root'],
      issue.message,
    );
  return { values: {}, errors: errors as FieldErrors<CampaignFormValues> };
};

/** The server's field names, as the form's fields are named. */
export const CAMPAIGN_FORM_FIELDS = [
  'name',
  'description',
  'type',
  'emailSubject',
  'emailBody',
  'leads',
  'targetFilters.industry',
  'targetFilters.region',
  'targetFilters.tags',
  'targetFilters.status',
  'targetFilters.ownerId',
  'targetFilters.source',
  'targetFilters.country',
  'schedule.startDate',
  'schedule.throttlePerHour',
  'sendingWindow.days',
  'sendingWindow.start',
  'sendingWindow.end',
  'sendingWindow.timeZone',
  'gapSeconds.min',
  'gapSeconds.max',
  'mailboxIds',
  'track',
] as const;

/** The form's control, as its field components receive it. */
export type CampaignControl = Control<CampaignFormValues, unknown, CampaignInput>;
