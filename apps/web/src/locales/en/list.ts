import { DATE_FILTER_OPTIONS, type DateFilterKey } from '@app/shared/constants';

// The list kit's English (namespace "list"): filter bar, table, paging, export, saved views.
// The spec's date filter labels come from @app/shared letter for letter.
export const list = {
  filters: {
    search: 'Search',
    status: 'Status',
    date: 'Created within',
    any: 'Any',
    clear: 'Clear filters',
    more: 'Filters',
    moreActive_one: 'Filters ({{count}})',
    moreActive_other: 'Filters ({{count}})',
    choicesFailed: 'The choices could not be loaded. Close the list and open it again to retry.',
  },
  date: Object.fromEntries(DATE_FILTER_OPTIONS.map((o) => [o.key, o.label])) as Record<DateFilterKey, string>,
  table: {
    sortBy: 'Sort by {{column}}',
    loading: 'Loading the list',
    empty: 'Nothing matches these filters.',
    emptyHint: 'Change or clear the filters to see more.',
    refresh: 'Refresh',
  },
  paging: {
    showing: 'Showing {{shown}} of {{total}}',
    showingEstimated: 'Showing {{shown}} of about {{total}}',
    count_one: '{{count}} row',
    count_other: '{{count}} rows',
    loadMore: 'Load more',
  },
  export: {
    button: 'Export CSV',
    progress: 'Exporting {{rows}} of {{total}} rows…',
    progressUnknown: 'Exporting {{rows}} rows…',
    cancel: 'Stop the export',
    done_one: 'Exported {{count}} row.',
    done_other: 'Exported {{count}} rows.',
    failed: 'The export failed: {{detail}}',
  },
  views: {
    label: 'Saved views',
    none: 'No saved views yet',
    pick: 'Open a saved view',
    save: 'Save view',
    saveTitle: 'Save this view',
    saveHint: 'The filters and the sort of this list, under a name only you see.',
    name: 'Name',
    saved: 'View "{{name}}" saved.',
    delete: 'Delete view {{name}}',
    deleted: 'View "{{name}}" deleted.',
    failed: 'The saved views could not be loaded.',
  },
} as const;
