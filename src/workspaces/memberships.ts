/**
 * Which users belong to which workspaces (docs/access.md), held as one bit per workspace per user slot so that
 * "do these two users share a workspace?" — the row-level access test of a `saas_user` — is a few word ANDs.
 */
import type { Lookup } from '../data/sharded-map.ts';
import type { Workspace } from '../data/dataset.ts';
import { runToEnd, STEP_UNITS, type Steps } from '../data/sliced-work.ts';

export class Memberships {
  readonly #index = new Map<string, number>();
  readonly #members: number[][] = [];
  #words: number;
  #masks: Uint32Array;
  readonly #workspaces: readonly Workspace[];
  readonly #slotOfId: Lookup<number>;

  /**
   * Builds the memberships at once; with `deferred`, only allocates them, for `fill()` to fill in steps
   * (`data/sliced-work.ts`) once `slotOfId` is complete.
   */
  constructor(workspaces: readonly Workspace[], slotOfId: Lookup<number>, slots: number, deferred = false) {
    this.#workspaces = workspaces;
    this.#slotOfId = slotOfId;
    this.#words = Math.max(1, Math.ceil(workspaces.length / 32));
    this.#masks = new Uint32Array(slots * this.#words);
    if (!deferred) runToEnd(this.fill());
  }

  /** Fills the member lists and masks from the workspaces, a few thousand members per step. */
  *fill(): Steps<void> {
    let done = 0;
    for (const [w, workspace] of this.#workspaces.entries()) {
      this.#index.set(workspace.id, w);
      const members: number[] = [];
      let ascending = true;
      for (const id of workspace.members) {
        if (++done % STEP_UNITS === 0) yield;
        const slot = this.#slotOfId.get(id.toLowerCase());
        if (slot === undefined) continue;
        if (slot <= (members[members.length - 1] ?? -1)) ascending = false;
        members.push(slot);
        const word = slot * this.#words + (w >> 5);
        this.#masks[word] = (this.#masks[word] ?? 0) | (1 << (w & 31));
      }
      yield;
      // Seeded members come in slot order, already without repeats: only other lists are sorted.
      this.#members.push(ascending ? members : [...new Set(members)].sort((a, b) => a - b));
    }
  }

  /** An independent copy (a store's own, before its first deletion changes it). */
  copy(): Memberships {
    const copy = new Memberships([], new Map(), 0);
    copy.#adopt(this);
    return copy;
  }

  /** Member lists are shared (a removal replaces a list, never edits it); the masks are copied. */
  #adopt(from: Memberships): void {
    for (const [id, w] of from.#index) this.#index.set(id, w);
    for (const members of from.#members) this.#members.push(members);
    this.#words = from.#words;
    this.#masks = from.#masks.slice();
  }

  /** Whether a workspace with this id exists. */
  has(workspaceId: string): boolean {
    return this.#index.has(workspaceId);
  }

  /** Slots of the workspace's current members, ascending (empty for an unknown workspace). */
  members(workspaceId: string): readonly number[] {
    const w = this.#index.get(workspaceId);
    return w === undefined ? [] : (this.#members[w] ?? []);
  }

  /** Whether `slot` is a member of the workspace. */
  isMember(workspaceId: string, slot: number): boolean {
    const w = this.#index.get(workspaceId);
    if (w === undefined) return false;
    return ((this.#masks[slot * this.#words + (w >> 5)] ?? 0) & (1 << (w & 31))) !== 0;
  }

  /** Whether users `a` and `b` are members of at least one common workspace. */
  share(a: number, b: number): boolean {
    const words = this.#words;
    for (let k = 0; k < words; k++) {
      if (((this.#masks[a * words + k] ?? 0) & (this.#masks[b * words + k] ?? 0)) !== 0) return true;
    }
    return false;
  }

  /**
   * Slots of every user sharing a workspace with `slot`, and `slot` itself even when it has no workspace (a
   * saas_user sees "users sharing a workspace with them, and themselves", docs/access.md), ascending.
   */
  coMembers(slot: number): number[] {
    const seen = new Set<number>([slot]);
    for (const [w, members] of this.#members.entries()) {
      if (((this.#masks[slot * this.#words + (w >> 5)] ?? 0) & (1 << (w & 31))) === 0) continue;
      for (const member of members) seen.add(member);
    }
    return [...seen].sort((a, b) => a - b);
  }

  /** Removes a (deleted) user from every workspace. */
  removeUser(slot: number): void {
    for (let k = 0; k < this.#words; k++) this.#masks[slot * this.#words + k] = 0;
    for (const [w, members] of this.#members.entries()) {
      const at = members.indexOf(slot);
      if (at >= 0) this.#members[w] = members.filter((m) => m !== slot);
    }
  }
}
