import { STAFF_ROLES } from '@manga/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { FieldErrorText } from '#app/components/ui/form-error.tsx';
import type { OpsActionResult, StaffData, StaffMemberView } from './ops.ts';
import {
  ActionFeedback,
  ChoiceCard,
  DisclosedRemoval,
  EmptyList,
  FormBesideList,
  FormPanel,
  fieldClass,
  OpsFrame,
  ReasonField,
  SubmitButton,
  settledResult,
  useFormatTime,
} from './ops-frame.tsx';

// The staff screen (`/ops/staff`, admins only, ADR 042): give a role by e-mail address, take one away.

function GrantRoleForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<OpsActionResult>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const result = settledResult(fetcher);
  const fieldError = (field: 'email' | 'role') =>
    result?.status === 'invalid' && result.error.field === field ? result.error.key : undefined;
  const emailError = fieldError('email');
  const roleError = fieldError('role');

  useEffect(() => {
    if (result?.status === 'done') formRef.current?.reset();
  }, [result]);

  return (
    <FormPanel heading={t('staff_console.grant_heading')} lead={t('staff_console.grant_lead')}>
      <fetcher.Form ref={formRef} method="post" className="mt-4 grid gap-4" data-testid="ops-staff-grant">
        <input type="hidden" name="intent" value="grant_role" />
        <div>
          <label htmlFor={`${id}-email`} className="block text-xs font-bold text-zinc-700">
            {t('staff_console.email')}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={`${fieldClass} mt-1 h-10`}
          />
          <FieldErrorText id={`${id}-email-error`} error={emailError} />
        </div>
        <fieldset aria-describedby={roleError ? `${id}-role-error` : undefined}>
          <legend className="text-xs font-bold text-zinc-700">{t('staff_console.role')}</legend>
          <div className="mt-1.5 grid gap-2">
            {STAFF_ROLES.map((role) => (
              <ChoiceCard
                key={role}
                name="role"
                value={role}
                required
                label={t(`staff_console.roles.${role}`)}
                hint={t(`staff_console.role_hints.${role}`)}
              />
            ))}
          </div>
          <FieldErrorText id={`${id}-role-error`} error={roleError} />
        </fieldset>
        <ReasonField id={`${id}-reason`} required={false} result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'}>{t('staff_console.grant_submit')}</SubmitButton>
          <ActionFeedback result={result} doneKey="staff_console.granted" />
        </div>
      </fetcher.Form>
    </FormPanel>
  );
}

function RevokeRoleForm({ member, role }: { member: StaffMemberView; role: string }) {
  const { t } = useTranslation();
  const roleName = t(`staff_console.roles.${role}`);
  return (
    <DisclosedRemoval
      label={t('staff_console.revoke', { role: roleName })}
      testId="ops-staff-revoke"
      intent="revoke_role"
      fields={{ user_id: member.userId, role }}
      body={t('staff_console.revoke_body', { email: member.email, role: roleName })}
      submitLabel={t('staff_console.revoke_submit')}
      doneKey="staff_console.revoked"
    />
  );
}

/** The staff list (`/ops/staff`): each member, their roles since when, and forms to give and take roles. */
export function OpsStaffScreen({ data }: { data: StaffData }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const id = useId();
  return (
    <OpsFrame screen="staff" operator={data.operator}>
      <FormBesideList form={<GrantRoleForm />}>
        <section aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`} className="mb-3 text-lg font-extrabold text-ink">
            {t('staff_console.list_heading', { count: data.members.length })}
          </h2>
          {data.members.length === 0 ? (
            <EmptyList>{t('staff_console.empty')}</EmptyList>
          ) : (
            <ul
              className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white"
              data-testid="ops-staff"
            >
              {data.members.map((member) => (
                <li key={member.userId} className="px-4 py-3.5 sm:px-5" data-testid="ops-staff-member">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-bold break-all text-ink" data-testid="ops-staff-email">
                      {member.email}
                    </span>
                    {member.userId === data.operator.userId ? (
                      <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] font-bold text-zinc-700">
                        {t('staff_console.you')}
                      </span>
                    ) : null}
                    {member.active ? null : (
                      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-bold text-amber-800 ring-1 ring-amber-200">
                        {t('staff_console.inactive', { status: member.status })}
                      </span>
                    )}
                  </p>
                  <ul className="mt-2 space-y-2">
                    {member.roles.map((grant) => (
                      <li
                        key={grant.role}
                        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between"
                        data-testid="ops-staff-role"
                      >
                        <p className="text-sm">
                          <span className="font-bold text-ink">{t(`staff_console.roles.${grant.role}`)}</span>
                          <span className="ml-2 text-xs text-zinc-500">
                            {grant.since ? t('staff_console.since', { time: formatTime(grant.since) }) : ''}
                          </span>
                        </p>
                        <RevokeRoleForm member={member} role={grant.role} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      </FormBesideList>
    </OpsFrame>
  );
}
