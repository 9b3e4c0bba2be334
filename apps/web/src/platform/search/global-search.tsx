import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Spin, Tooltip, Typography, type InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { iconOf } from '../entity/entity-icons';
import { definitionOf, kindNames, recordPath, webEntityOf } from '../entity/web-entity';
import { GLOBAL_SEARCH_MAX_LENGTH, GLOBAL_SEARCH_MIN_LENGTH, useGlobalSearch } from './global-search.api';
import { recentRecords } from './recent-records';

// One row the keyboard can land on: a record, or "all matching <kind>" when there are more.
type Option = { key: string; index: number; to: string; title: ReactNode; subtitle?: ReactNode; icon: ReactNode };
type Section = { key: string; label: ReactNode; options: Option[] };
type Draft = { key: string; label: ReactNode; options: Omit<Option, 'index'>[] };

const DEBOUNCE_MS = 200;
const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

// The top bar's search (decision 027): a button, Ctrl+K or Cmd+K anywhere opens a dialog that
// searches every kind the user may see. Before anything is typed it lists the records opened
// last. Arrow keys move, Enter opens, Escape closes; the dialog is a combobox with a listbox.
export function GlobalSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Tooltip title={`${t('search.open')} (${shortcut})`}>
        <Button
          type="text"
          className="topbar-button"
          icon={<SearchOutlined />}
          aria-label={t('search.open')}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open ? <SearchDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [activeAt, setActiveAt] = useState({ of: '', index: 0 });
  const recent = useMemo(() => recentRecords(), []);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim().slice(0, GLOBAL_SEARCH_MAX_LENGTH)), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const searching = term.length >= GLOBAL_SEARCH_MIN_LENGTH;
  const result = useGlobalSearch(term);

  const sections = useMemo<Section[]>(() => {
    // rows are numbered across the groups, in the order the arrow keys walk them
    let n = 0;
    const numbered = (drafts: Draft[]): Section[] => drafts.map((d) => ({ ...d, options: d.options.map((o) => ({ ...o, index: n++ })) }));
    if (!searching) {
      const known = recent.filter((r) => recordPath(r.kind, r.id));
      return known.length === 0
        ? []
        : numbered([
            {
              key: 'recent',
              label: t('search.recent'),
              options: known.map((r) => ({
                key: `recent-${r.kind}-${r.id}`,
                to: recordPath(r.kind, r.id) ?? '/',
                title: r.title || t('entity.untitled'),
                subtitle: t(kindNames(definitionOf(r.kind)).singular),
                icon: <ClockCircleOutlined />,
              })),
            },
          ]);
    }
    const drafts = (result.data?.groups ?? [])
      .filter((g) => webEntityOf(g.kind))
      .map((g) => {
        const definition = definitionOf(g.kind);
        const plural = t(kindNames(definition).plural);
        const options: Draft['options'] = g.data.map((hit) => ({
          key: `${g.kind}-${hit.id}`,
          to: recordPath(g.kind, hit.id) ?? '/',
          title: hit.title || t('entity.untitled'),
          subtitle: hit.subtitle ?? undefined,
          icon: iconOf(definition.web.icon),
        }));
        if (g.more) {
          options.push({
            key: `${g.kind}-more`,
            to: `${definition.web.path}?q=${encodeURIComponent(term)}`,
            title: t('search.showAll', { kind: plural }),
            icon: <SearchOutlined />,
          });
        }
        return { key: g.kind, label: plural, options };
      });
    return numbered(drafts);
  }, [searching, recent, result.data, term, t]);

  const options = sections.flatMap((s) => s.options);
  // a new result starts at its first row
  const resultKey = searching ? `${term}:${result.dataUpdatedAt}` : 'recent';
  const active = activeAt.of === resultKey ? activeAt.index : 0;
  const setActive = (index: number) => setActiveAt({ of: resultKey, index });
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    void navigate(option.to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + options.length) % options.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(options[active]);
    }
  };

  const body = (() => {
    if (result.isError && searching) return <Alert type="error" showIcon message={t('search.error')} />;
    if (sections.length > 0) {
      return (
        <ul id={listId} role="listbox" aria-label={t('search.results')} className="global-search-list">
          {sections.map((section) => (
            <li key={section.key} role="presentation">
              <Typography.Text type="secondary" className="global-search-heading" id={`${listId}-${section.key}`}>
                {section.label}
              </Typography.Text>
              <ul role="group" aria-labelledby={`${listId}-${section.key}`}>
                {section.options.map((option) => {
                  const i = option.index;
                  return (
                    <li
                      key={option.key}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`global-search-option${i === active ? ' is-active' : ''}`}
                      onMouseMove={() => setActive(i)}
                      onClick={() => go(option)}
                    >
                      <span className="global-search-icon" aria-hidden>
                        {option.icon}
                      </span>
                      <span className="global-search-text">
                        <span className="global-search-title">{option.title}</span>
                        {option.subtitle ? <span className="global-search-subtitle">{option.subtitle}</span> : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      );
    }
    if (searching && result.isFetching) return <Spin aria-label={t('common.loading')} className="global-search-empty" />;
    if (searching)
      return (
        <Typography.Paragraph className="global-search-empty" role="status">
          {t('search.noResults', { term })}
        </Typography.Paragraph>
      );
    if (text.trim().length > 0)
      return (
        <Typography.Paragraph className="global-search-empty" role="status">
          {t('search.typeMore')}
        </Typography.Paragraph>
      );
    return (
      <Typography.Paragraph className="global-search-empty" role="status">
        {t('search.noRecent')}
      </Typography.Paragraph>
    );
  })();

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      closable={false}
      // the dialog's accessible name; the input says the same visibly
      title={t('search.label')}
      classNames={{ header: 'visually-hidden' }}
      width={600}
      className="global-search"
      afterOpenChange={(opened) => opened && input.current?.focus()}
    >
      <Input
        ref={input}
        size="large"
        autoFocus
        allowClear
        prefix={result.isFetching && searching ? <Spin size="small" /> : <SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
      />
      <div className="global-search-body">{body}</div>
      <Typography.Text type="secondary" className="global-search-hint">
        {t('search.hint')}
      </Typography.Text>
    </Modal>
  );
}
