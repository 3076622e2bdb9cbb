import type { Change, Template } from './corrupt'

export interface Corruption {
  at: Template
  change: Change
  /** What the message must say after the path. */
  says: string
}

const NUMBER_NOT_STRING = 'should be a string but is a number'
const MISSING = 'is missing'

// Per schema, fields to damage: typed fields deep in the body and required keys. Each template
// must find a field in at least one recorded answer (wire-recordings.test.ts checks it),
// so none rots silently.
export const CORRUPTIONS: Record<string, Corruption[]> = {
  entriesQueryResponse: [
    { at: ['data', '*', 'entry_id'], change: { set: 12345 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'entry_id'], change: 'remove', says: MISSING },
    {
      at: ['data', '*', 'results', 'material', 'elements', '*'],
      change: { set: 8 },
      says: NUMBER_NOT_STRING,
    },
    {
      at: ['data', '*', 'authors', '*', 'name'],
      change: { set: null },
      says: 'should be a string but is null',
    },
    {
      at: ['data', '*', 'upload_create_time'],
      change: { set: 'last week' },
      says: 'should be an ISO 8601 date-time but is "last week"',
    },
    {
      at: ['pagination', 'total'],
      change: { set: '17957' },
      says: 'should be a number but is a string',
    },
    {
      at: ['aggregations', '*', 'terms', 'data', '*', 'count'],
      change: { set: '3' },
      says: 'should be a number but is a string',
    },
    {
      at: ['aggregations', '*', 'min_max', 'data'],
      change: { set: {} },
      says: 'should be a list but is an object',
    },
    {
      at: ['owner'],
      change: { set: 'everybody' },
      says: 'should be one of "public", "visible", "all", "shared", "user", "staging", "admin" but is "everybody"',
    },
  ],
  entryResponse: [
    { at: ['data', 'entry_id'], change: 'remove', says: MISSING },
    {
      at: ['data', 'results', 'material', 'symmetry', 'space_group_number'],
      change: { set: 225.5 },
      says: 'should be a whole number but is 225.5',
    },
    {
      at: ['data', 'main_author'],
      change: { set: 'someone' },
      says: 'should be an object but is a string',
    },
    {
      at: ['data', 'published'],
      change: { set: 'yes' },
      says: 'should be a boolean but is a string',
    },
  ],
  archiveResponse: [
    { at: ['data', 'archive'], change: { set: [] }, says: 'should be an object but is a list' },
    { at: ['data', 'upload_id'], change: 'remove', says: MISSING },
    { at: ['entry_id'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  archiveQueryResponse: [
    {
      at: ['data', '*', 'archive'],
      change: { set: 'gone' },
      says: 'should be an object but is a string',
    },
    { at: ['data', '*', 'parser_name'], change: { set: 3 }, says: NUMBER_NOT_STRING },
    { at: ['pagination', 'total'], change: 'remove', says: MISSING },
  ],
  uploadsResponse: [
    { at: ['data', '*', 'upload_id'], change: { set: 1 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'viewers', '*'], change: { set: 5 }, says: NUMBER_NOT_STRING },
    { at: ['pagination', 'page'], change: 'remove', says: MISSING },
    { at: ['query'], change: { set: 'x' }, says: 'should be an object but is a string' },
  ],
  uploadResponse: [
    { at: ['data', 'upload_id'], change: 'remove', says: MISSING },
    {
      at: ['data', 'process_running'],
      change: { set: 'no' },
      says: 'should be a boolean but is a string',
    },
    {
      at: ['data', 'upload_create_time'],
      change: { set: 'yesterday' },
      says: 'should be an ISO 8601 date-time but is "yesterday"',
    },
    { at: ['data', 'entries'], change: { set: 1.5 }, says: 'should be a whole number but is 1.5' },
  ],
  uploadEditResponse: [
    { at: ['upload_id'], change: 'remove', says: MISSING },
    { at: ['data', 'coauthors', '*'], change: { set: 17 }, says: NUMBER_NOT_STRING },
    {
      at: ['data', 'reviewer_groups'],
      change: { set: 'group3' },
      says: 'should be a list but is a string',
    },
    { at: ['data', 'process_status'], change: { set: 0 }, says: NUMBER_NOT_STRING },
  ],
  uploadEntriesResponse: [
    { at: ['data', '*', 'entry_id'], change: { set: 9 }, says: NUMBER_NOT_STRING },
    {
      at: ['data', '*', 'entry_metadata', 'results', 'material', 'n_elements'],
      change: { set: 'two' },
      says: 'should be a number but is a string',
    },
    { at: ['upload', 'upload_id'], change: 'remove', says: MISSING },
    { at: ['processing_failed'], change: { set: '0' }, says: 'should be a number but is a string' },
  ],
  uploadRawdirResponse: [
    {
      at: ['directory_metadata', 'content', '*', 'size'],
      change: { set: '8' },
      says: 'should be a number but is a string',
    },
    { at: ['directory_metadata', 'content', '*', 'is_file'], change: 'remove', says: MISSING },
    {
      at: ['file_metadata', 'size'],
      change: { set: 'big' },
      says: 'should be a number but is a string',
    },
    { at: ['path'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  usersResponse: [
    { at: ['data', '*', 'user_id'], change: 'remove', says: MISSING },
    { at: ['data', '*', 'name'], change: { set: 1 }, says: NUMBER_NOT_STRING },
  ],
  groupsResponse: [
    { at: ['data', '*', 'members', '*'], change: { set: 42 }, says: NUMBER_NOT_STRING },
    { at: ['data', '*', 'group_name'], change: 'remove', says: MISSING },
    { at: ['data', '*', 'owner'], change: { set: null }, says: 'should be a string but is null' },
  ],
  datasetsResponse: [
    {
      at: ['pagination', 'total'],
      change: { set: '0' },
      says: 'should be a number but is a string',
    },
    { at: ['data'], change: { set: {} }, says: 'should be a list but is an object' },
  ],
  suggestionsResponse: [
    { at: ['*', '*', 'value'], change: { set: 5 }, says: NUMBER_NOT_STRING },
    { at: ['*'], change: { set: 'x' }, says: 'should be a list but is a string' },
  ],
  errorBody: [
    {
      at: ['detail'],
      change: { set: 42 },
      says: 'should be a string, a list or an object but is a number',
    },
    { at: ['detail'], change: 'remove', says: MISSING },
    { at: ['detail', '*', 'msg'], change: { set: 7 }, says: NUMBER_NOT_STRING },
    {
      at: ['detail', '*', 'loc'],
      change: { set: 'body' },
      says: 'should be a list but is a string',
    },
  ],
}
