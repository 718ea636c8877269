/**
 * Registration (site-shell §3, §4): the types the site offers (fast, phone, full; social through the
 * provider button), only while registration is allowed; the responsible-gaming agreement first when
 * the configuration asks for it; a bonus preselected from the route (?bonus=). A fast registration
 * shows the generated account number and password with the save options (file, image, e-mail);
 * a full one asks for the e-mail confirmation code.
 */
import { callApi } from '@parlay/client/api.ts';
import { useT } from '@parlay/i18n/runtime.tsx';
import { confirmContact } from '@parlay/ui/account/account-api.ts';
import { COUNTRIES, countryById, DEFAULT_CURRENCIES } from '@parlay/ui/account/countries.ts';
import { DepositLimitOffer } from '@parlay/ui/account/DepositLimitOffer.tsx';
import { PhoneFields, phoneCodeOf } from '@parlay/ui/account/PhoneFields.tsx';
import {
  Button,
  CodeField,
  EmailField,
  Message,
  ModeSwitch,
  SelectField,
  TextField,
} from '@parlay/ui/index.ts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { authApi, errorKey, type Registered } from './auth-api.ts';
import { useCaptcha } from './Captcha.tsx';
import { deviceFingerprints } from './fingerprint.ts';
import styles from './forms.module.css';
import { type AuthFormProps, signedIn } from './LoginForm.tsx';
import { messagingEnabledOf, registrationTypesFor } from './messaging.ts';
import { SaveCredentials } from './SaveCredentials.tsx';
import { SocialButton } from './SocialButton.tsx';

type RegistrationType = 'fast' | 'phone' | 'full';

interface RegistrationConfig {
  allowed: boolean;
  types: RegistrationType[];
  social: boolean;
  currencies: string[];
  agreementRequired: boolean;
}

function useRegistrationConfig(lng: string): RegistrationConfig | null {
  const [config, setConfig] = useState<RegistrationConfig | null>(null);
  useEffect(() => {
    void callApi<Record<string, Record<string, unknown> | undefined>>(
      `/bff-api/config/all.json?lang=${encodeURIComponent(lng)}`,
    ).then((answer) => {
      const groups = answer.ok ? answer.data : {};
      const registration = groups.registration ?? {};
      const types = Array.isArray(registration.registrationTypes)
        ? (registration.registrationTypes as string[])
        : ['fast', 'phone', 'full', 'social'];
      const currencies = Array.isArray(groups.main?.currencies)
        ? (groups.main.currencies as string[])
        : [...DEFAULT_CURRENCIES];
      setConfig({
        allowed: registration.isRegistrationAllowed !== false,
        // Phone registration needs an SMS code: hidden with MESSAGING=off.
        types: registrationTypesFor(
          (['fast', 'phone', 'full'] as const).filter((type) => types.includes(type)),
          messagingEnabledOf(groups),
        ),
        social: types.includes('social'),
        currencies,
        agreementRequired: registration.isResponsibleGamingAgreementRequired === true,
      });
    });
  }, [lng]);
  return config;
}

function Basics({
  countryId,
  currency,
  currencies,
  onCountry,
  onCurrency,
}: {
  countryId: number;
  currency: string;
  currencies: string[];
  onCountry(id: number): void;
  onCurrency(currency: string): void;
}) {
  const t = useT('auth');
  return (
    <>
      <SelectField
        label={t('fields.country')}
        value={countryId}
        onChange={(e) => onCountry(Number(e.target.value))}
      >
        {COUNTRIES.map((country) => (
          <option key={country.id} value={country.id}>
            {t(`countries.${country.code}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('fields.currency')} value={currency} onChange={(e) => onCurrency(e.target.value)}>
        {currencies.map((iso) => (
          <option key={iso} value={iso}>
            {iso}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function ConfirmEmail({ onDone }: { onDone(): void }) {
  const t = useT('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await confirmContact({ channel: 'email', code: code.trim() });
    if (result.ok) setDone(true);
    else setError(t(errorKey(result)));
  };
  if (done) {
    return (
      <div className={styles.form}>
        <Message kind="success">{t('registration.email_confirmed')}</Message>
        <Button variant="primary" onClick={onDone}>
          {t('registration.continue')}
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <Message kind="success">{t('registration.done_full')}</Message>
      <CodeField label={t('fields.email_code')} value={code} onValue={setCode} />
      {error ? <Message kind="error">{error}</Message> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary">
          {t('registration.confirm_email')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('registration.later')}
        </Button>
      </div>
    </form>
  );
}

export function RegistrationForm(props: AuthFormProps) {
  const t = useT('auth');
  const config = useRegistrationConfig(props.lng);
  const captcha = useCaptcha();
  const [type, setType] = useState<RegistrationType>('fast');
  const [agreed, setAgreed] = useState(false);
  const [countryId, setCountryId] = useState(1);
  const [currency, setCurrency] = useState('RUB');
  const [phoneCountryId, setPhoneCountryId] = useState(1);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [smsSent, setSmsSent] = useState(false);
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  // A promotion page's registration link preselects its promo code (?promo=WELCOME100).
  const [promoFromRoute] = useState(() => {
    const wanted = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('promo');
    return wanted && /^[A-Za-z0-9_-]{1,50}$/.test(wanted) ? wanted : '';
  });
  const [promoCode, setPromoCode] = useState(promoFromRoute);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<{ type: RegistrationType; answer: Registered } | null>(null);
  const bonus = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('bonus');

  useEffect(() => {
    if (config && config.types.length > 0 && !config.types.includes(type)) setType(config.types[0]!);
  }, [config, type]);
  // The device fingerprint is ready before the person submits (sent with the registration).
  useEffect(() => {
    void deviceFingerprints().get();
  }, []);
  const phoneCode = phoneCodeOf(phoneCountryId);

  const finish = () => signedIn(props);
  // The success step: what the registration type shows, then the optional deposit-limit offer.
  const success = (step: ReactNode) => (
    <div className={styles.form}>
      {step}
      <DepositLimitOffer lng={props.lng} />
    </div>
  );
  if (registered?.type === 'fast' && registered.answer.password) {
    return success(
      <SaveCredentials
        accountNumber={registered.answer.accountNumber}
        password={registered.answer.password}
        onDone={finish}
      />,
    );
  }
  if (registered?.type === 'full') return success(<ConfirmEmail onDone={finish} />);
  if (registered) {
    return success(
      <div className={styles.form}>
        <Message kind="success">
          {t('registration.done_phone', { account: registered.answer.accountNumber })}
        </Message>
        <Button variant="primary" onClick={finish}>
          {t('registration.continue')}
        </Button>
      </div>,
    );
  }
  if (!config) return <p className={styles.muted}>{t('loading')}</p>;
  if (!config.allowed || (config.types.length === 0 && !config.social)) {
    return <Message kind="info">{t('registration.closed')}</Message>;
  }
  if (config.agreementRequired && !agreed) {
    return (
      <div className={styles.form}>
        <Message kind="info">{t('registration.agreement_text')}</Message>
        <Button variant="primary" onClick={() => setAgreed(true)}>
          {t('registration.agreement_accept')}
        </Button>
      </div>
    );
  }

  const sendCode = async () => {
    setError(null);
    const result = await authApi.sendSms({ phoneCode, phoneNumber, purpose: 'registration' });
    if (result.ok) setSmsSent(true);
    else setError(t(errorKey(result)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (type === 'phone' && !smsSent) {
      await sendCode();
      return;
    }
    const country = countryById(countryId);
    const basics: Record<string, unknown> = {
      countryId,
      countryCode: country.code,
      currency,
      lang: props.lng,
    };
    if (promoCode.trim()) basics.promoCode = promoCode.trim();
    if (bonus) basics.bonusChoice = bonus.slice(0, 50);
    const body =
      type === 'fast'
        ? basics
        : type === 'phone'
          ? { ...basics, phoneCode, phoneNumber, code: code.trim(), password }
          : { ...basics, email: email.trim(), password, firstName, lastName, birthDate };
    setBusy(true);
    const result = await authApi.register(type, body, captcha.solver);
    setBusy(false);
    if (result.ok) setRegistered({ type, answer: result.data });
    else setError(t(errorKey(result)));
  };

  const modes = config.types.map((id) => ({ id, label: t(`registration.type_${id}`) }));
  return (
    <form className={styles.form} onSubmit={submit} data-registration-type={type}>
      {modes.length > 1 ? (
        <ModeSwitch
          label={t('registration.types_label')}
          modes={modes}
          current={type}
          onChange={(mode) => setType(mode as RegistrationType)}
        />
      ) : null}
      {type === 'full' ? (
        <>
          <EmailField label={t('fields.email')} value={email} onValue={setEmail} />
          <TextField
            label={t('fields.first_name')}
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <TextField
            label={t('fields.last_name')}
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
          <TextField
            label={t('fields.birth_date')}
            type="date"
            autoComplete="bday"
            required
            value={birthDate}
            onChange={(e) => setBirthDate(e.target.value)}
          />
        </>
      ) : null}
      {type === 'phone' ? (
        <PhoneFields
          lng={props.lng}
          countryId={phoneCountryId}
          phoneNumber={phoneNumber}
          onCountry={setPhoneCountryId}
          onNumber={setPhoneNumber}
        />
      ) : null}
      {type === 'phone' && smsSent ? (
        <CodeField label={t('fields.sms_code')} value={code} onValue={setCode} />
      ) : null}
      {type !== 'fast' && (type === 'full' || smsSent) ? (
        <TextField
          label={t('fields.new_password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('fields.password_hint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      ) : null}
      <Basics
        countryId={countryId}
        currency={currency}
        currencies={config.currencies}
        onCountry={(id) => {
          setCountryId(id);
          const next = countryById(id);
          if (config.currencies.includes(next.currency)) setCurrency(next.currency);
          setPhoneCountryId(next.id);
        }}
        onCurrency={setCurrency}
      />
      {type !== 'fast' || promoFromRoute !== '' ? (
        <TextField
          label={t('fields.promo_code')}
          value={promoCode}
          onChange={(e) => setPromoCode(e.target.value)}
        />
      ) : null}
      {bonus ? <Message kind="info">{t('registration.bonus_chosen', { bonus })}</Message> : null}
      {captcha.panel}
      {error ? <Message kind="error">{error}</Message> : null}
      <Button type="submit" variant="primary" disabled={busy}>
        {type === 'phone' && !smsSent ? t('login.send_code') : t('registration.submit')}
      </Button>
      <p className={styles.muted}>{t('registration.terms_note')}</p>
      {config.social ? <SocialButton lng={props.lng} returnUrl={props.returnUrl} /> : null}
      <p className={styles.muted}>
        {t('registration.have_account')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => props.onSwitch('login')}>
          {t('registration.login')}
        </button>
      </p>
    </form>
  );
}
