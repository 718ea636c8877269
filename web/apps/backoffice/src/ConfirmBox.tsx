/**
 * Asking first: a row's question with its confirm and cancel buttons (ConfirmBox), and the approve or
 * reject decision of a queue's row (DecisionCell: two buttons, then the question of the chosen one;
 * a rejection needs a reason of three characters or more).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, TextField } from '@parlay/ui/index.ts';
import { type ReactNode, useState } from 'react';
import styles from './Backoffice.module.css';

export function ConfirmBox({
  question,
  confirm,
  onConfirm,
  onCancel,
  disabled,
  cancelVariant,
  children,
}: {
  question: ReactNode;
  /** The confirming button's text. */
  confirm: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  disabled?: boolean;
  cancelVariant?: 'ghost';
  /** Between the question and the buttons (a reason's field). */
  children?: ReactNode;
}) {
  const t = useT('backoffice');
  return (
    <div className={styles.confirm}>
      <p>{question}</p>
      {children}
      <div className={styles.buttons}>
        <Button variant="primary" size="sm" disabled={disabled} onClick={onConfirm}>
          {confirm}
        </Button>
        <Button size="sm" variant={cancelVariant} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

export type Decision = 'approve' | 'reject';

/** Which row's decision is being confirmed, and the reason typed for a rejection. */
export function useDecision() {
  const [pending, setPending] = useState<{ id: string; kind: Decision } | null>(null);
  const [reason, setReason] = useState('');
  return {
    pending,
    reason,
    setReason,
    ask: (id: string, kind: Decision) => setPending({ id, kind }),
    cancel: () => setPending(null),
    /** After the decision went to the server: nothing pending, no reason. */
    clear: () => {
      setPending(null);
      setReason('');
    },
  };
}

/** The words of one queue's decisions, each for both kinds. */
export interface DecisionTexts {
  /** The buttons' visible words. */
  button: Record<Decision, string>;
  /** The buttons' accessible names (which row, which amount). */
  label: Record<Decision, string>;
  question: Record<Decision, string>;
  confirm: Record<Decision, string>;
  reason: string;
}

export function DecisionCell({
  id,
  decision,
  texts,
  reasonLimits,
  busy = false,
  onDecide,
}: {
  id: string;
  decision: ReturnType<typeof useDecision>;
  texts: DecisionTexts;
  reasonLimits: { minLength?: number; maxLength: number };
  busy?: boolean;
  onDecide(kind: Decision): void;
}) {
  const { pending, reason, setReason, ask, cancel } = decision;
  if (pending?.id === id)
    return (
      <ConfirmBox
        question={texts.question[pending.kind]}
        confirm={texts.confirm[pending.kind]}
        disabled={busy || (pending.kind === 'reject' && reason.trim().length < 3)}
        onConfirm={() => onDecide(pending.kind)}
        onCancel={cancel}
      >
        {pending.kind === 'reject' ? (
          <TextField
            label={texts.reason}
            value={reason}
            {...reasonLimits}
            onChange={(e) => setReason(e.target.value)}
          />
        ) : null}
      </ConfirmBox>
    );
  return (
    <div className={styles.buttons}>
      <Button size="sm" onClick={() => ask(id, 'approve')} aria-label={texts.label.approve}>
        {texts.button.approve}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => ask(id, 'reject')} aria-label={texts.label.reject}>
        {texts.button.reject}
      </Button>
    </div>
  );
}
