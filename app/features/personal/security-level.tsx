import { Link } from "@remix-run/react";
import { SECURITY_STEP, type SecurityFacts, type SecurityGrade, type SecurityProtection } from "~/contract/core/security";
import { useTranslation } from "~/lib/translate";
import * as k from "./kyc.css";

const RETURN_TO = "/personal/accountSettings";

type SecurityUser = {
  email: string;
  mobile: string;
  hasPayPassword: boolean;
  identity: number;
  score: number;
  grade: SecurityGrade;
  protections: SecurityFacts;
  missing: SecurityProtection[];
};

/** The security level: its bar and rule, what is missing, each protection with the way to set it up or manage it. */
export function SecurityLevel({ user: u }: { user: SecurityUser }) {
  const { t } = useTranslation("kyc");
  return (
    <section aria-labelledby="security-title">
      <h2 id="security-title" className={k.subtitle}>
        {t("account.security")}
      </h2>
      <p className={k.meterLine}>
        <label htmlFor="security-meter">{t(`account.grade.${u.grade}`)}</label>
        <meter id="security-meter" className={k.meter} min={0} max={100} low={40} high={80} optimum={100} value={u.score}>
          {u.score}
        </meter>
        <span data-testid="security-score">{u.score} / 100</span>
      </p>
      <p className={k.hint} id="security-rule">
        {t("account.securityRule", { points: SECURITY_STEP })}
      </p>
      {u.missing.length ? (
        <p className={k.hint} data-testid="security-missing">
          {t("account.securityMissing", { list: u.missing.map((p) => t(`account.protection.${p}`)).join(", ") })}
        </p>
      ) : null}
      <ul className={k.protections} aria-describedby="security-rule">
        <Protection on={u.protections.authenticator} name={t("account.protection.authenticator")}>
          <Link to="/personal/googleAuth">{u.protections.authenticator ? t("account.manage") : t("account.turnOn")}</Link>
        </Protection>
        <Protection on={u.protections.tradePassword} name={t("account.protection.tradePassword")}>
          <Link to={`/tradePassword?page=${encodeURIComponent(RETURN_TO)}`}>
            {u.hasPayPassword ? t("account.change") : t("account.set")}
          </Link>
        </Protection>
        <Protection on={u.protections.phone} name={t("account.protection.phone")} value={u.mobile}>
          {u.mobile ? null : <Link to="/bindAccount">{t("account.bindMobile")}</Link>}
        </Protection>
        <Protection on={u.protections.email} name={t("account.protection.email")} value={u.email}>
          {u.email ? null : <Link to="/bindAccount">{t("account.bindEmail")}</Link>}
        </Protection>
        <Protection on={u.protections.identity} name={t("account.protection.identity")} value={t(`account.identityStatus.${u.identity}`)}>
          <Link to="/personal/authentication">{u.protections.identity ? t("account.view") : t("common:user.authentication")}</Link>
        </Protection>
      </ul>
      <dl className={k.limits}>
        <dt>{t("account.sessions")}</dt>
        <dd>
          <Link to="/personal/sessions">{t("account.manage")}</Link>
        </dd>
        <dt>{t("account.log")}</dt>
        <dd>
          <Link to="/personal/transactionLog">{t("account.view")}</Link>
        </dd>
      </dl>
    </section>
  );
}

/** One protection of the security level: on (with its value) or missing, and the way to set it up or manage it. */
function Protection({ on, name, value, children }: { on: boolean; name: string; value?: string; children?: React.ReactNode }) {
  const { t } = useTranslation("kyc");
  return (
    <li className={k.protection}>
      <span className={on ? k.protectionOn : k.protectionOff} aria-hidden="true">
        {on ? "✓" : "✗"}
      </span>
      <span className={k.protectionName}>
        {name}
        <span className="sr-only">: </span>
        <span className={k.hint}>{value || (on ? t("account.protected") : t("account.missing"))}</span>
      </span>
      {children ? <span>{children}</span> : null}
    </li>
  );
}
