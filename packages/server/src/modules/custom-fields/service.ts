import {
  CUSTOM_FIELD_KEEP_DAYS,
  CUSTOM_FIELDS_MAX,
  CUSTOM_FIELD_TYPE_LABELS,
  convertCustomValue,
  formatCustomValue,
  hasChoices,
  keyFromLabel,
} from '@leadline/shared/custom-fields';
import type { z } from 'zod';
import type {
  CustomField,
  CustomFieldAnswer,
  CustomFieldEntity,
  CustomFieldType,
  CustomValue,
  TypeChangeReport,
  customFieldCreateSchema,
  customFieldUpdateSchema,
} from '@leadline/shared/custom-fields';
import type { Db } from '../../db/connection.ts';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { toCustomField } from './present.ts';
import { indexFieldSoon } from './indexes.ts';
import {
  findField,
  findFields,
  findKeys,
  findPurgeable,
  findValues,
  insertField,
  purgeField,
  updateField,
  writeValues,
} from './repo.ts';
import type { CustomFieldRow } from './repo.ts';

export const NO_ORGANIZATION = chooseOrganization('manage custom fields');
export const INVALID_FIELD_ID = 'Invalid custom field ID';
export const FIELD_NOT_FOUND = 'Custom field not found';
const DAY_MS = 86_400_000;
/** Values a type change lists by name; the rest are counted. */
const LISTED = 100;

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

/** GET /api/custom-fields?entity=: the fields in form order; ?deleted=true: the deleted ones. */
export const listFields = async (
  db: Db,
  actor: CurrentUser,
  entity: CustomFieldEntity,
  deleted: boolean,
): Promise<CustomField[]> =>
  (await findFields(db, organizationOf(actor), entity, deleted)).map(toCustomField);

/** A key not yet used by the entity's fields (deleted ones included): `seats`, `seats_2`… */
const freeKey = (label: string, taken: readonly string[]): string => {
  const base = keyFromLabel(label);
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const key = `${base.slice(0, 44)}_${n}`;
    if (!taken.includes(key)) return key;
  }
};

const logFieldChange = (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  row: CustomFieldRow,
  action: string,
  details: string,
) =>
  logActivity(db, {
    organizationId,
    userId: actor.id,
    type: 'Settings',
    entityId: row.id,
    action,
    details,
  });

export const createField = async (
  db: Db,
  actor: CurrentUser,
  body: z.output<typeof customFieldCreateSchema>,
): Promise<CustomFieldAnswer> => {
  const organizationId = organizationOf(actor);
  const row = await db
    .transaction(async (tx) => {
      const { keys, lastPosition, count } = await findKeys(tx, organizationId, body.entity);
      if (count >= CUSTOM_FIELDS_MAX)
        throw badRequest(
          `An organisation can have at most ${CUSTOM_FIELDS_MAX} fields per record type`,
        );
      const created = await insertField(tx, {
        organizationId,
        entity: body.entity,
        key: freeKey(body.label, keys),
        label: body.label,
        type: body.type,
        options: hasChoices(body.type) ? (body.options ?? []) : [],
        hidden: body.hidden ?? false,
        position: lastPosition + 1,
      });
      await logFieldChange(
        tx,
        actor,
        organizationId,
        created,
        'custom field created',
        `Custom field ${created.label} (${CUSTOM_FIELD_TYPE_LABELS[created.type]}) added to ${body.entity}s`,
      );
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw badRequest('A field with this label was just added; try again');
      throw error;
    });
  void indexFieldSoon(db, row);
  return { field: toCustomField(row) };
};

const loadField = async (db: Db, organizationId: string, id: string): Promise<CustomFieldRow> => {
  const row = await findField(db, organizationId, id);
  if (!row) throw notFound(FIELD_NOT_FOUND);
  return row;
};

/** What a type change would do to the stored values: each converted, or listed as not fitting. */
const planTypeChange = async (
  db: Db,
  organizationId: string,
  field: CustomFieldRow,
  to: { type: CustomFieldType; options: string[] },
) => {
  const target = { key: field.key, label: field.label, ...to };
  const writes: Record<string, CustomValue | null> = {};
  const report: TypeChangeReport = { converted: 0, unconverted: [], unconvertedCount: 0 };
  for (const record of await findValues(db, organizationId, field.entity, field.key)) {
    const converted = convertCustomValue(record.value as CustomValue, target);
    if ('error' in converted) {
      writes[record.id] = null;
      report.unconvertedCount += 1;
      if (report.unconverted.length < LISTED)
        report.unconverted.push({
          id: record.id,
          name: record.name,
          value: formatCustomValue(record.value as CustomValue),
        });
    } else {
      writes[record.id] = converted.value;
      report.converted += 1;
    }
  }
  return { writes, report };
};

/**
 * PUT /api/custom-fields/:id. A type change (or choices removed) converts the stored values
 * that fit and clears those that do not, listing them in `typeChange`; with `dryRun` nothing
 * is saved and the answer says what would happen.
 */
export const changeField = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  body: z.output<typeof customFieldUpdateSchema>,
): Promise<CustomFieldAnswer> => {
  const organizationId = organizationOf(actor);
  const answer = await db.transaction(async (tx) => {
    const field = await loadField(tx, organizationId, id);
    if (field.deletedAt) throw badRequest('Restore the field before changing it');
    const type = body.type ?? field.type;
    const options = hasChoices(type) ? (body.options ?? field.options) : [];
    if (hasChoices(type) && options.length === 0)
      throw badRequest('Add at least one choice', { options: 'Add at least one choice' });
    // Values are re-checked when the type or the choices change.
    const revalues = type !== field.type || (hasChoices(type) && body.options !== undefined);
    const plan = revalues
      ? await planTypeChange(tx, organizationId, field, { type, options })
      : undefined;
    if (body.dryRun) {
      return {
        field: toCustomField({ ...field, ...body, type, options }),
        typeChange: plan?.report,
      };
    }
    const updated = (await updateField(tx, organizationId, id, {
      label: body.label,
      type,
      options,
      hidden: body.hidden,
      position: body.position,
    }))!;
    if (plan) await writeValues(tx, organizationId, field.entity, field.key, plan.writes);
    const what = [
      body.label !== undefined && body.label !== field.label ? `renamed from ${field.label}` : '',
      type !== field.type
        ? `type changed from ${CUSTOM_FIELD_TYPE_LABELS[field.type]} to ${CUSTOM_FIELD_TYPE_LABELS[type]}`
        : '',
      plan && plan.report.unconvertedCount > 0
        ? `${plan.report.unconvertedCount} values that did not fit were cleared`
        : '',
    ].filter(Boolean);
    await logFieldChange(
      tx,
      actor,
      organizationId,
      updated,
      'custom field changed',
      `Custom field ${updated.label} changed${what.length ? `: ${what.join('; ')}` : ''}`,
    );
    return { field: toCustomField(updated), typeChange: plan?.report };
  });
  if (!body.dryRun) void indexFieldSoon(db, answer.field);
  return answer;
};

/** DELETE /api/custom-fields/:id: hidden from everything; its data kept 30 days. */
export const deleteField = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<CustomFieldAnswer> => {
  const organizationId = organizationOf(actor);
  return db.transaction(async (tx) => {
    const field = await loadField(tx, organizationId, id);
    if (field.deletedAt) return { field: toCustomField(field) };
    const updated = (await updateField(tx, organizationId, id, { deletedAt: new Date() }))!;
    await logFieldChange(
      tx,
      actor,
      organizationId,
      updated,
      'custom field deleted',
      `Custom field ${field.label} deleted (restorable for ${CUSTOM_FIELD_KEEP_DAYS} days)`,
    );
    return { field: toCustomField(updated) };
  });
};

/** POST /api/custom-fields/:id/restore: within 30 days of the deletion. */
export const restoreField = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<CustomFieldAnswer> => {
  const organizationId = organizationOf(actor);
  return db.transaction(async (tx) => {
    const field = await loadField(tx, organizationId, id);
    if (!field.deletedAt) return { field: toCustomField(field) };
    const { count } = await findKeys(tx, organizationId, field.entity);
    if (count >= CUSTOM_FIELDS_MAX)
      throw badRequest(
        `An organisation can have at most ${CUSTOM_FIELDS_MAX} fields per record type`,
      );
    const updated = (await updateField(tx, organizationId, id, { deletedAt: null }))!;
    await logFieldChange(
      tx,
      actor,
      organizationId,
      updated,
      'custom field restored',
      `Custom field ${field.label} restored`,
    );
    return { field: toCustomField(updated) };
  });
};

/** The daily purge: fields deleted over 30 days ago go, with their values in every record. */
export const purgeDeletedFields = async (db: Db, now = new Date()): Promise<number> => {
  const before = new Date(now.getTime() - CUSTOM_FIELD_KEEP_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = await findPurgeable(db, before);
    for (const field of batch) {
      await db.transaction((tx) => purgeField(tx, field));
      purged += 1;
    }
    if (batch.length < 100) return purged;
  }
};
