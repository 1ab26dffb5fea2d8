import { EVENT_LABELS, EVENT_TYPES, TEST_EVENT_TYPE, isEventType } from '@leadline/shared/events';

/** An event type as the screen names it ('webhook.test': Test event). */
export const eventLabel = (type: string): string =>
  type === TEST_EVENT_TYPE ? 'Test event' : isEventType(type) ? EVENT_LABELS[type] : type;

/** A webhook's events in a few words: "All events" when it takes every type. */
export const eventsSummary = (events: readonly string[]): string =>
  events.length === EVENT_TYPES.length ? 'All events' : events.map(eventLabel).join(', ');
