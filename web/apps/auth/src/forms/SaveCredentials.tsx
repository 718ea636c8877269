/**
 * After a one-click registration (site-shell §3 save-credentials options): the generated account
 * number and password, shown once, saved as a text file, a PNG image drawn on a canvas, or e-mailed.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import { authApi, errorKey } from './auth-api.ts';
import styles from './forms.module.css';

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function credentialsImage(lines: string[]): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 60 + lines.length * 36;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#141b24';
  context.font = '600 22px system-ui, sans-serif';
  for (const [index, line] of lines.entries()) context.fillText(line, 24, 44 + index * 36);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

export function SaveCredentials({
  accountNumber,
  password,
  onDone,
}: {
  accountNumber: string;
  password: string;
  onDone(): void;
}) {
  const t = useT('auth');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const lines = [
    'Parlay',
    `${t('fields.account_number')}: ${accountNumber}`,
    `${t('fields.password')}: ${password}`,
  ];
  const mail = async (event: FormEvent) => {
    event.preventDefault();
    const result = await authApi.mailCredentials({ email: email.trim(), password });
    setMessage(
      result.ok ? { kind: 'success', text: t('save.emailed') } : { kind: 'error', text: t(errorKey(result)) },
    );
  };
  return (
    <div className={styles.form} data-testid="fast-credentials">
      <Message kind="success">{t('registration.done_fast')}</Message>
      <dl className={styles.credentials}>
        <dt>{t('fields.account_number')}</dt>
        <dd data-testid="account-number">{accountNumber}</dd>
        <dt>{t('fields.password')}</dt>
        <dd data-testid="generated-password">{password}</dd>
      </dl>
      <div className={styles.actions}>
        <Button
          onClick={() =>
            download(
              `parlay-${accountNumber}.txt`,
              new Blob([`${lines.join('\n')}\n`], { type: 'text/plain' }),
            )
          }
        >
          {t('save.file')}
        </Button>
        <Button
          onClick={() =>
            void credentialsImage(lines).then((blob) => {
              if (blob) download(`parlay-${accountNumber}.png`, blob);
            })
          }
        >
          {t('save.image')}
        </Button>
      </div>
      <form className={styles.form} onSubmit={mail}>
        <TextField
          label={t('save.email_label')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit">{t('save.email')}</Button>
      </form>
      {message ? <Message kind={message.kind}>{message.text}</Message> : null}
      <Button variant="primary" onClick={onDone}>
        {t('registration.continue')}
      </Button>
    </div>
  );
}
