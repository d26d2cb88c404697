import {
  CAMPAIGN_TEXT_MAX_LENGTH,
  type TopCampaign,
  type TopPick,
  TopPickKind,
  type TopRuleItem,
} from '@manga/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { EditorialFrame, inputClass } from './editorial-frame.tsx';
import { Field } from './field.tsx';
import { BannerForm, BannerRow } from './top-banners.tsx';
import type { TopCurationData, TopCurationResult } from './top-curation.ts';
import { ActiveBadge, Answer, Section, sectionClass, WindowFields, WindowText } from './top-curation-parts.tsx';
import { TimeInZones } from './wire-time-field.tsx';

// Top page curation (issue 26, ADR 074): today's choice and the bonus section picked by the editors
// (each pick with an optional window; with none active the rules' choice shows), the banners, the
// titles' campaign texts, and the rankings rebuilt on demand. Times are entered in the wire time zone,
// the editor's own time beside them (the chapter form's field).

function PickRow({ pick, index, count, zone }: { pick: TopPick; index: number; count: number; zone: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const busy = fetcher.state !== 'idle';
  const send = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, pick_id: String(pick.pick_id), kind: String(pick.kind), ...extra }, { method: 'post' });
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="top-pick">
      <span className="mt-0.5 w-6 text-right text-sm font-bold text-zinc-500">{index + 1}</span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink" data-testid="top-pick-label">
            {pick.label}
          </span>
          <ActiveBadge active={pick.active === 1} />
        </div>
        <WindowText start={pick.start_time} end={pick.end_time} zone={zone} />
        {fetcher.data?.status === 'failed' ? <Answer result={fetcher.data} doneText="" /> : null}
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="xs"
          disabled={busy || index === 0}
          onClick={() => send('pick_move', { by: 'up' })}
          aria-label={t('top_curation.move_up', { name: pick.label })}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          size="xs"
          disabled={busy || index === count - 1}
          onClick={() => send('pick_move', { by: 'down' })}
          aria-label={t('top_curation.move_down', { name: pick.label })}
        >
          ↓
        </Button>
        <Button
          variant="danger-secondary"
          size="xs"
          disabled={busy}
          onClick={() => send('pick_remove')}
          data-testid="top-pick-remove"
        >
          {t('top_curation.remove')}
        </Button>
      </div>
    </li>
  );
}

function PickList({ picks, zone, empty }: { picks: TopPick[]; zone: string; empty: string }) {
  if (picks.length === 0) return <p className="text-sm text-zinc-500">{empty}</p>;
  return (
    <ol className="divide-y divide-zinc-100">
      {picks.map((pick, index) => (
        <PickRow key={pick.pick_id} pick={pick} index={index} count={picks.length} zone={zone} />
      ))}
    </ol>
  );
}

function RuleList({
  title,
  items,
  kind,
  zone: _zone,
}: {
  title: string;
  items: TopRuleItem[];
  kind: number;
  zone: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  return (
    <div>
      <h3 className="text-sm font-bold text-zinc-700">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-500">{t('top_curation.rules_empty')}</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-6 text-sm text-zinc-700">
          {items.map((item) => (
            <li key={item.target_id}>
              <span className="mr-2">{item.label}</span>
              <Button
                variant="link"
                size="xs"
                disabled={fetcher.state !== 'idle'}
                onClick={() =>
                  fetcher.submit(
                    { intent: 'pick_add', kind: String(kind), target_id: String(item.target_id) },
                    { method: 'post' },
                  )
                }
                aria-label={t('top_curation.pin_named', { name: item.label })}
              >
                {t('top_curation.pin')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Answer result={fetcher.data} doneText={t('top_curation.saved')} />
    </div>
  );
}

function TitleSearch({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
      <Field label={t('top_curation.search_label')} className="min-w-0 flex-1">
        {(control) => (
          <input {...control} name="q" defaultValue={q} className={`${inputClass} mt-1`} data-testid="top-search" />
        )}
      </Field>
      <Button type="submit" variant="secondary" size="md">
        {t('top_curation.search')}
      </Button>
    </Form>
  );
}

function TitleSelect({
  titles,
  name,
  testId,
}: {
  titles: TopCurationData['search']['titles'];
  name: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Field label={t('top_curation.title_field')}>
      {(control) => (
        <select {...control} name={name} required className={`${inputClass} mt-1`} data-testid={testId}>
          {titles.map((title) => (
            <option key={title.title_id} value={title.title_id}>
              {(i18n.language === 'ja' ? title.name_ja || title.name_en : title.name_en || title.name_ja) +
                ` (#${title.title_id})`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function PickAddForm({ data, kind }: { data: TopCurationData; kind: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const zone = data.curation.time_zone;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.status === 'done') formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const testId = kind === TopPickKind.TodayChoice ? 'top-choice-add' : 'top-bonus-add';
  return (
    <fetcher.Form ref={formRef} method="post" className="space-y-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200">
      <input type="hidden" name="intent" value="pick_add" />
      <input type="hidden" name="kind" value={kind} />
      {kind === TopPickKind.TodayChoice ? (
        data.search.titles.length === 0 ? (
          <p className="text-sm text-zinc-500">{t('top_curation.no_titles')}</p>
        ) : (
          <TitleSelect titles={data.search.titles} name="target_id" testId={`${testId}-title`} />
        )
      ) : (
        <Field label={t('top_curation.chapter_id')} hint={t('top_curation.chapter_id_hint')}>
          {(control) => (
            <input
              {...control}
              name="target_id"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-chapter`}
            />
          )}
        </Field>
      )}
      <WindowFields zone={zone} testId={testId} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" size="md" busy={fetcher.state !== 'idle'} data-testid={testId}>
          {t('top_curation.add_pick')}
        </Button>
        <Answer result={fetcher.data} doneText={t('top_curation.saved')} />
      </div>
    </fetcher.Form>
  );
}

/** A title's campaign text: a new one (the title chosen from the search) or one edited in place. */
function CampaignForm({ data, campaign }: { data: TopCurationData; campaign?: TopCampaign }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const zone = data.curation.time_zone;
  const testId = campaign ? `top-campaign-edit-${campaign.title_id}` : 'top-campaign-form';
  return (
    <fetcher.Form
      method="post"
      className="space-y-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200"
      data-testid={testId}
    >
      <input type="hidden" name="intent" value="campaign" />
      {campaign ? (
        <input type="hidden" name="title_id" value={campaign.title_id} />
      ) : data.search.titles.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('top_curation.no_titles')}</p>
      ) : (
        <TitleSelect titles={data.search.titles} name="title_id" testId="top-campaign-title" />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('top_curation.campaign_en')}
          hint={t('top_curation.campaign_hint', { max: CAMPAIGN_TEXT_MAX_LENGTH })}
        >
          {(control) => (
            <input
              {...control}
              name="campaign_text"
              maxLength={CAMPAIGN_TEXT_MAX_LENGTH}
              defaultValue={campaign?.campaign_text}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-en`}
            />
          )}
        </Field>
        <Field label={t('top_curation.campaign_ja')}>
          {(control) => (
            <input
              {...control}
              name="campaign_text_ja"
              lang="ja"
              maxLength={CAMPAIGN_TEXT_MAX_LENGTH}
              defaultValue={campaign?.campaign_text_ja}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-ja`}
            />
          )}
        </Field>
      </div>
      <WindowFields zone={zone} start={campaign?.start_time} end={campaign?.end_time} testId={testId} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="primary"
          size="md"
          busy={fetcher.state !== 'idle'}
          data-testid={`${testId}-save`}
        >
          {t('top_curation.save_campaign')}
        </Button>
        <Answer result={fetcher.data} doneText={t('top_curation.saved')} />
      </div>
    </fetcher.Form>
  );
}

function CampaignRow({ campaign, data }: { campaign: TopCampaign; data: TopCurationData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const zone = data.curation.time_zone;
  return (
    <li className="py-3 text-sm" data-testid="top-campaign">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink">{campaign.title_name}</span>
            <ActiveBadge active={campaign.active === 1} />
          </div>
          <div>{campaign.campaign_text}</div>
          {campaign.campaign_text_ja ? <div lang="ja">{campaign.campaign_text_ja}</div> : null}
          <WindowText start={campaign.start_time} end={campaign.end_time} zone={zone} />
        </div>
        <Button variant="secondary" size="xs" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
          {t('top_curation.edit')}
        </Button>
      </div>
      {editing ? (
        <div className="mt-3">
          <CampaignForm data={data} campaign={campaign} />
        </div>
      ) : null}
    </li>
  );
}

function RebuildBar({ rebuilt, zone }: { rebuilt: string; zone: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const outcome = fetcher.data?.status === 'done' ? fetcher.data.outcome : undefined;
  return (
    <div className={`${sectionClass} flex flex-wrap items-center justify-between gap-3`} data-testid="top-rankings">
      <div className="text-sm">
        <div className="font-bold text-ink">{t('top_curation.rankings')}</div>
        <div className="text-zinc-600" data-testid="top-rankings-time">
          {rebuilt ? (
            <>
              {t('top_curation.rebuilt_at')} <TimeInZones wire={rebuilt} wireTimeZone={zone} />
            </>
          ) : (
            t('top_curation.never_rebuilt')
          )}
        </div>
      </div>
      <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="rebuild" />
        <Button type="submit" variant="secondary" size="md" busy={fetcher.state !== 'idle'} data-testid="top-rebuild">
          {t('top_curation.rebuild')}
        </Button>
        {outcome ? (
          <p role="status" className="text-sm font-semibold text-emerald-700">
            {t(outcome === 'skipped' ? 'top_curation.rebuild_skipped' : 'top_curation.rebuild_done')}
          </p>
        ) : (
          <Answer result={fetcher.data} doneText="" />
        )}
      </fetcher.Form>
    </div>
  );
}

export function TopCurationScreen({ data }: { data: TopCurationData }) {
  const { t } = useTranslation();
  const { curation } = data;
  const zone = curation.time_zone;
  const choice = curation.pick_list.filter((p) => p.kind === TopPickKind.TodayChoice);
  const bonus = curation.pick_list.filter((p) => p.kind === TopPickKind.Bonus);
  const choiceActive = choice.some((p) => p.active === 1);
  const bonusActive = bonus.some((p) => p.active === 1);
  return (
    <EditorialFrame title={t('top_curation.title')} lead={t('top_curation.lead')} current="top">
      <div className="space-y-6">
        <RebuildBar rebuilt={curation.rankings_rebuilt_time} zone={zone} />
        <div className={sectionClass}>
          <TitleSearch q={data.search.q} />
          <p className="mt-2 text-xs text-zinc-500">{t('top_curation.search_hint')}</p>
        </div>
        <Section title={t('top_curation.choice')} lead={t('top_curation.choice_lead')} testId="top-choice">
          <PickList picks={choice} zone={zone} empty={t('top_curation.no_picks')} />
          <p className="text-sm font-semibold text-zinc-700" data-testid="top-choice-source">
            {choiceActive ? t('top_curation.showing_picks') : t('top_curation.showing_rules')}
          </p>
          <PickAddForm data={data} kind={TopPickKind.TodayChoice} />
          <RuleList
            title={t('top_curation.rules_choice')}
            items={curation.today_choice_rule_list}
            kind={TopPickKind.TodayChoice}
            zone={zone}
          />
        </Section>
        <Section title={t('top_curation.bonus')} lead={t('top_curation.bonus_lead')} testId="top-bonus">
          <PickList picks={bonus} zone={zone} empty={t('top_curation.no_picks')} />
          <p className="text-sm font-semibold text-zinc-700">
            {bonusActive ? t('top_curation.showing_picks') : t('top_curation.showing_rules')}
          </p>
          <PickAddForm data={data} kind={TopPickKind.Bonus} />
          <RuleList
            title={t('top_curation.rules_bonus')}
            items={curation.bonus_rule_list}
            kind={TopPickKind.Bonus}
            zone={zone}
          />
        </Section>
        <Section title={t('top_curation.banners')} lead={t('top_curation.banners_lead')} testId="top-banners">
          {curation.banner_list.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('top_curation.no_banners')}</p>
          ) : (
            <ul className="divide-y divide-zinc-100">
              {curation.banner_list.map((banner) => (
                <BannerRow key={banner.advertisement_id} banner={banner} zone={zone} />
              ))}
            </ul>
          )}
          <h3 className="text-sm font-bold text-zinc-700">{t('top_curation.new_banner')}</h3>
          <BannerForm zone={zone} />
        </Section>
        <Section title={t('top_curation.campaigns')} lead={t('top_curation.campaigns_lead')} testId="top-campaigns">
          {curation.campaign_list.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('top_curation.no_campaigns')}</p>
          ) : (
            <ul className="divide-y divide-zinc-100">
              {curation.campaign_list.map((campaign) => (
                <CampaignRow key={campaign.title_id} campaign={campaign} data={data} />
              ))}
            </ul>
          )}
          <h3 className="text-sm font-bold text-zinc-700">{t('top_curation.new_campaign')}</h3>
          <CampaignForm data={data} />
        </Section>
      </div>
    </EditorialFrame>
  );
}
