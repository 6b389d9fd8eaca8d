/**
 * A write the users store refuses because another live user already has one of the unique values: its id, its
 * identifier or its email (ids and emails compared case-insensitively). The request path answers it with 409.
 */
export type UniqueField = 'id' | 'identifier' | 'email';

export class UserConflict extends Error {
  readonly field: UniqueField;
  readonly value: string;

  constructor(field: UniqueField, value: string) {
    super(`another user already has the ${field} ${JSON.stringify(value)}: choose another ${field}`);
    this.name = 'UserConflict';
    this.field = field;
    this.value = value;
  }
}
