import {
  createContext,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode, RefObject } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { wasInnermost } from './discard-guard-layers.ts';

export const DISCARD_TEXTS = {
  title: 'Discard changes?',
  message: 'What you entered here has not been saved.',
  keep: 'Keep editing',
  discard: 'Discard',
  saveDraft: 'Save as draft',
} as const;

/** Whether a form's values differ from those it opened with (plain data). */
export const differs = (current: unknown, initial: unknown): boolean =>
  JSON.stringify(current) !== JSON.stringify(initial);

/** Above every modal, drawer and dropdown. */
const CONFIRM_Z_INDEX = 1000;

/** The Esc or click that opened the confirm: every open modal hears it, the confirm included. */
let openedBy: Event | undefined;
const currentEvent = (): Event | undefined => window.event;

type Report = (id: string, dirty: boolean) => void;
const DirtyScopeContext = createContext<Report | null>(null);

/**
 * A form inside a guarded modal or drawer (an inline form of the lead drawer, say) tells it
 * whether it holds unsaved changes.
 */
export const useReportDirty = (dirty: boolean): void => {
  const report = use(DirtyScopeContext);
  const id = useId();
  // Before paint: an Esc pressed right after typing already finds the change reported.
  useLayoutEffect(() => {
    report?.(id, dirty);
    return () => report?.(id, false);
  }, [report, id, dirty]);
};

type DiscardGuardOptions = {
  /** The form's values differ from what it opened with. */
  dirty?: boolean;
  /** Closes the modal or drawer (the work is dropped). */
  onClose: () => void;
  /** Offered as "Save as draft" beside Discard (a campaign being written). */
  onSaveDraft?: () => void;
  savingDraft?: boolean;
};

export type DiscardGuard = {
  /** For Cancel and the like: asks first when something is unsaved, else closes. */
  close: () => void;
  /**
   * The modal's or drawer's onClose (Esc, a click outside, its close button): ignored while a
   * dropdown, popover or other modal is open above it (that one closes instead), then `close`.
   */
  onLayerClose: () => void;
  /** The modal's or drawer's ref. */
  ref: RefObject<HTMLDivElement | null>;
  /** Some form inside holds unsaved changes. */
  dirty: boolean;
  /** Wraps the content: the forms inside report their changes. */
  Scope: (props: { children: ReactNode }) => ReactNode;
  /** The "Discard changes?" dialog: render it beside the modal or drawer. */
  confirm: ReactNode;
};

/**
 * Work is never lost by a key: the guarded close of a modal or drawer that asks "Discard
 * changes?" ("Keep editing" or "Discard", and "Save as draft" where offered) when its form,
 * or a form inside it, holds unsaved changes. A clean form closes at once.
 */
export const useDiscardGuard = ({
  dirty = false,
  onClose,
  onSaveDraft,
  savingDraft = false,
}: DiscardGuardOptions): DiscardGuard => {
  const ref = useRef<HTMLDivElement | null>(null);
  const [asking, setAsking] = useState(false);
  const [dirtyInside, setDirtyInside] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>(
    (id, isDirty) =>
      setDirtyInside((current) => {
        if (current.has(id) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const Scope = useMemo(
    () =>
      function DirtyScope({ children }: { children: ReactNode }) {
        return <DirtyScopeContext value={report}>{children}</DirtyScopeContext>;
      },
    [report],
  );
  const anyDirty = dirty || dirtyInside.size > 0;
  const close = () => {
    if (!anyDirty) return onClose();
    openedBy = currentEvent();
    setAsking(true);
  };
  const leave = () => {
    setAsking(false);
    setDirtyInside(new Set());
    onClose();
  };
  const confirm = (
    <DiscardConfirm
      opened={asking}
      onKeep={() => setAsking(false)}
      onDiscard={leave}
      onSaveDraft={
        onSaveDraft
          ? () => {
              setAsking(false);
              onSaveDraft();
            }
          : undefined
      }
      savingDraft={savingDraft}
    />
  );
  return {
    close,
    onLayerClose: () => {
      if (wasInnermost(ref.current)) close();
    },
    ref,
    dirty: anyDirty,
    Scope,
    confirm,
  };
};

type DiscardConfirmProps = {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  onSaveDraft?: () => void;
  savingDraft: boolean;
};

/**
 * "Discard changes?": Esc or a click outside keeps editing (not the Esc that opened it, which
 * every open modal hears).
 */
const DiscardConfirm = ({
  opened,
  onKeep,
  onDiscard,
  onSaveDraft,
  savingDraft,
}: DiscardConfirmProps) => {
  const ref = useRef<HTMLDivElement | null>(null);
  return (
    <Modal
      ref={ref}
      opened={opened}
      onClose={() => {
        if (currentEvent() !== openedBy && wasInnermost(ref.current)) onKeep();
      }}
      title={DISCARD_TEXTS.title}
      centered
      size={onSaveDraft ? 'md' : 'sm'}
      zIndex={CONFIRM_Z_INDEX}
    >
      <Stack gap="md">
        <Text size="sm">{DISCARD_TEXTS.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} data-autofocus>
            {DISCARD_TEXTS.keep}
          </Button>
          {onSaveDraft ? (
            <Button variant="light" onClick={onSaveDraft} loading={savingDraft}>
              {DISCARD_TEXTS.saveDraft}
            </Button>
          ) : null}
          <Button color="red" onClick={onDiscard}>
            {DISCARD_TEXTS.discard}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
