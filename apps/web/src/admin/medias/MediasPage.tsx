// The medias page (/admin/medias; issue 17, part 7): the stage content of the lab's events, oldest first
// (the event form's order), 5, 15, 30 or 50 a page: each with its thumbnail, its name edited in place
// (Enter or leaving the field saves it, shown at once, put back with a visible error when refused), its
// slug, what it holds (an embedded page's address, an uploaded build, the built-in sample quiz) and its
// canvas; an edit button and a link to open its content; deleted one by one or checked and removed
// together (a media an open event shows is refused, the dialog says which events). The platform's
// shared medias are listed under it, read-only.
import { type AdminMedia, DEMO_MEDIA_SLUG, MEDIA_PAGE_SIZES, mediaNameSchema } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Format, useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { mediasApi } from '../adminApi.ts';
import { ListPage } from '../ListPage.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { inlineTextColumn } from '../list/inlineTextColumn.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { useSchemaProblem } from '../list/useSchemaProblem.ts';
import { mediaKeys, useMedias } from '../resources/medias.ts';
import './medias.css';

export function MediasPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(useMedias());
  return (
    <ListPage
      titleId="medias-title"
      title={t('medias.title')}
      add={{ to: '/admin/medias/create', label: t('medias.add'), testId: 'add-media' }}
      intro={t('medias.intro')}
      state={state}
      errorTestId="medias-error"
    >
      {(medias) => (
        <>
          <div className="medias-list actions-end-on-phone">
            <Medias all={medias} />
          </div>
          <SharedMedias medias={medias.filter((media) => media.lab_id === null)} />
        </>
      )}
    </ListPage>
  );
}

const mediaId = (media: AdminMedia) => String(media.id);

/** What a media holds, in a few words: the sample quiz, its page's host, or its build's files. */
function contentOf(
  t: TFunction<'admin'>,
  format: Format,
  media: AdminMedia,
): { label: string; detail: string | null } {
  if (media.slug === DEMO_MEDIA_SLUG) return { label: t('medias.kinds.quiz'), detail: null };
  if (media.kind === 'page') {
    if (media.page_url === null)
      return { label: t('medias.kinds.page'), detail: t('medias.kinds.noAddress') };
    let host = media.page_url;
    try {
      host = new URL(media.page_url).host;
    } catch {
      // Shown as it is.
    }
    return { label: t('medias.kinds.page'), detail: host };
  }
  if (media.build === null) return { label: t('medias.kinds.build'), detail: t('medias.kinds.noBuild') };
  return {
    label: t('medias.kinds.build'),
    detail: t('medias.buildFacts', {
      count: media.build.file_count,
      files: format.count(media.build.file_count),
      size: format.size(media.build.size_bytes),
    }),
  };
}

function Thumbnail({ media }: { media: AdminMedia }) {
  const { t } = useTranslation('admin');
  if (media.thumbnail_url === null) {
    return (
      <span className="media-thumbnail media-thumbnail-empty" role="img" aria-label={t('medias.noThumbnail')}>
        <span aria-hidden="true">{media.name.slice(0, 1).toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      className="media-thumbnail"
      src={media.thumbnail_url}
      alt={t('medias.thumbnailOf', { name: media.name })}
      width={64}
      height={40}
      loading="lazy"
    />
  );
}

function Medias({ all }: { all: readonly AdminMedia[] }) {
  const format = useFormat();
  // The lab's own medias; the same array while the loaded list is the same, so a change shown stays.
  const loaded = useMemo(() => all.filter((media) => media.lab_id !== null), [all]);
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const list = useOptimisticRows<AdminMedia>(loaded, mediaId, () => invalidate.markStale(mediaKeys.all));
  const nameProblem = useSchemaProblem(mediaNameSchema);

  return (
    <AdminList<AdminMedia>
      label={ta('medias.list')}
      testId="medias"
      rows={list.rows}
      rowId={mediaId}
      rowName={(media) => media.name}
      pageSizes={MEDIA_PAGE_SIZES}
      empty={ta('medias.none')}
      columns={[
        {
          id: 'thumbnail',
          header: ta('medias.thumbnail'),
          narrow: true,
          cell: (media) => <Thumbnail media={media} />,
        },
        inlineTextColumn({
          id: 'name',
          header: ta('medias.name'),
          testId: 'media-name',
          value: (media) => media.name,
          label: (media) => ta('medias.nameOf', { name: media.name }),
          validate: nameProblem,
          commit: (media, name) =>
            void list.change(mediaId(media), { name }, () => mediasApi.change(media.id, { name })),
        }),
        {
          id: 'slug',
          header: ta('medias.slug'),
          cell: (media) => <code className="media-slug">{media.slug}</code>,
        },
        {
          id: 'kind',
          header: ta('medias.kind'),
          cell: (media) => {
            const content = contentOf(ta, format, media);
            return (
              <span className="media-kind" data-testid="media-kind" data-kind={media.kind}>
                <span className="media-kind-label">{content.label}</span>
                {content.detail !== null && <span className="muted media-kind-detail">{content.detail}</span>}
              </span>
            );
          },
        },
        {
          id: 'canvas',
          header: ta('medias.canvas'),
          narrow: true,
          cell: (media) => (
            <span className="media-canvas">
              {media.full_canvas
                ? ta('medias.fullCanvas')
                : ta('medias.canvasSize', { width: media.canvas_width, height: media.canvas_height })}
            </span>
          ),
        },
      ]}
      rowActions={(media) => (
        <>
          {media.build_path !== null && (
            <a
              href={media.build_path}
              target="_blank"
              rel="noopener noreferrer"
              className="button button-secondary button-small"
              aria-label={ta('medias.openNamed', { name: media.name })}
              data-testid="media-open"
            >
              {ta('medias.open')}
            </a>
          )}
          <Link
            to={`/admin/medias/${media.id}`}
            className="button button-secondary button-small"
            aria-label={ta('medias.editNamed', { name: media.name })}
            data-testid="media-edit"
          >
            {ta('medias.edit')}
          </Link>
        </>
      )}
      onRemove={async (ids, reason) => {
        // One call per media: a media an open event shows is refused, and the dialog says why.
        await list.remove(ids, () => Promise.all(ids.map((id) => mediasApi.remove(Number(id), { reason }))));
        toast.show({ title: ta('medias.removed', { count: ids.length }), tone: 'success' });
      }}
    />
  );
}

/** The platform's medias: offered to every lab's events, not the lab's to change. */
function SharedMedias({ medias }: { medias: readonly AdminMedia[] }) {
  const format = useFormat();
  const { t } = useTranslation('admin');
  if (medias.length === 0) return null;
  return (
    <section className="medias-shared" aria-labelledby="medias-shared-title" data-testid="medias-shared">
      <h2 id="medias-shared-title">{t('medias.shared')}</h2>
      <p className="muted">{t('medias.sharedIntro')}</p>
      <ul>
        {medias.map((media) => (
          <li key={media.id}>
            <Thumbnail media={media} />
            <span>{media.name}</span>
            <code className="media-slug">{media.slug}</code>
            <span className="muted">{contentOf(t, format, media).label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
