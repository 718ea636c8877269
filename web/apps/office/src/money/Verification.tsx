/**
 * Verification and identification: statuses (updated live when an operator decides: /ws
 * {type:'verification'} on user:<id>), the reason of a refusal, document upload (type and images),
 * uploaded documents.
 */
import { getRealtime } from '@parlay/client/realtime.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Field, FilePicker, Skeleton } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import styles from './Money.module.css';
import { call } from './money-api.ts';

interface VerificationView {
  status: {
    verification_status: number;
    user_status_id: number;
    verification_status_group_code: string;
    requested_additional_document: boolean;
  };
  identification: { flavour: string };
  decisionReason: string | null;
  documentTypes: string[];
  documents: {
    id: string;
    type: string;
    state: string;
    createdAt: string;
    files: { url: string; mime: string }[];
  }[];
}

const MAX_FILES = 3;
const MAX_FILE_BYTES = 3 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function Verification({ identification = false }: { identification?: boolean }) {
  const t = useT('office-money');
  const [view, setView] = useState<VerificationView | null>(null);
  const [type, setType] = useState('passport');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () =>
    call<VerificationView>('/web-api/accounts/v1/verification').then((a) => a.ok && setView(a.data));
  useEffect(() => {
    void reload();
    let stop: (() => void) | null = null;
    let cancelled = false;
    void call<{ result?: { user_id?: number | string } }>('/web-api/user/config').then((answer) => {
      const userId = answer.ok ? answer.data.result?.user_id : undefined;
      if (cancelled || userId === undefined || typeof WebSocket === 'undefined') return;
      stop = getRealtime().subscribe(`user:${userId}`, (data) => {
        if ((data as { type?: unknown } | null)?.type === 'verification') void reload();
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  if (!view) return <Skeleton height="200px" />;
  const submit = async () => {
    if (files.length === 0) return setError('verification.choose_files');
    if (files.length > MAX_FILES) return setError('verification.too_many');
    if (files.some((f) => f.size > MAX_FILE_BYTES)) return setError('errors.DOCUMENT_TOO_LARGE');
    setBusy(true);
    setError(null);
    const data = await Promise.all(files.map(readBase64));
    const answer = await call('/web-api/accounts/v1/verification/documents', {
      body: { type, files: data.map((d) => ({ data: d })) },
    });
    setBusy(false);
    if (!answer.ok) return setError(`errors.${answer.code}`);
    setFiles([]);
    void reload();
  };
  const { status } = view;
  return (
    <>
      <section className={styles.card} aria-labelledby="verification-status">
        <h2 id="verification-status" className={styles.sectionTitle}>
          {identification
            ? t(`verification.identification_${view.identification.flavour}`)
            : t('verification.status_title')}
        </h2>
        <p role="status" data-testid="verification-status">
          {t(`verification.group.${status.verification_status_group_code}`)}
        </p>
        {view.decisionReason && status.verification_status_group_code !== 'verified' ? (
          <p className={styles.warning} data-testid="verification-reason">
            {t('verification.reason', { reason: view.decisionReason })}
          </p>
        ) : null}
        {status.requested_additional_document ? (
          <p className={styles.warning}>{t('verification.additional')}</p>
        ) : null}
      </section>
      <form
        className={styles.card}
        aria-labelledby="verification-upload"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="verification-upload" className={styles.sectionTitle}>
          {t('verification.upload_title')}
        </h2>
        <Field as="label" className={styles.field}>
          <span>{t('verification.type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value)}>
            {view.documentTypes.map((d) => (
              <option key={d} value={d}>
                {t(`verification.types.${d}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className={styles.field}>
          <FilePicker
            label={t('verification.files')}
            chooseText={t('verification.pick_files')}
            noneText={t('verification.no_files')}
            accept={ACCEPT}
            multiple
            onFiles={setFiles}
          />
          <span className={error ? styles.error : styles.muted} role={error ? 'alert' : undefined}>
            {error ? t(error, { defaultValue: t('errors.generic') }) : t('verification.files_hint')}
          </span>
        </div>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('verification.submit')}
        </Button>
      </form>
      <section className={styles.card} aria-labelledby="verification-docs">
        <h2 id="verification-docs" className={styles.sectionTitle}>
          {t('verification.documents')}
        </h2>
        {view.documents.length === 0 ? (
          <p className={styles.muted}>{t('verification.no_documents')}</p>
        ) : (
          <ul className={styles.accounts}>
            {view.documents.map((d) => (
              <li key={d.id} className={styles.accountRow}>
                <span>{t(`verification.types.${d.type}`)}</span>
                <span className={styles.rowActions}>
                  <span className={styles.badge}>{t(`verification.state.${d.state}`)}</span>
                  {d.files.map((f, i) => (
                    <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
                      {t('verification.file', { n: String(i + 1) })}
                    </a>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
