/**
 * Which users belong to which workspaces (docs/access.md), held as one bit per workspace per user slot so that
 * "do these two users share a workspace?" — the row-level access test of a `saas_user` — is a few word ANDs.
 */
import type { Lookup } from '../data/sharded-map.ts';
import type { Workspace } from '../data/dataset.ts';
import { runToEnd, STEP_UNITS, type Steps } from '../data/sliced-work.ts';

/** A workspace's member slots as they are added, and whether they came in ascending order. */
interface MemberList {
  readonly slots: number[];
  ascending: boolean;
}

export class Memberships {
  readonly #index = new Map<string, number>();
  readonly #members: number[][] = [];
  #words: number;
  #masks: Uint32Array;
  readonly #workspaces: readonly Workspace[];
  readonly #slotOfId: Lookup<number>;
  readonly #memberSlots: readonly (readonly number[])[] | undefined;

  /**
   * Builds the memberships at once; with `deferred`, only allocates them, for `fill()` to fill in steps
   * (`data/sliced-work.ts`) once `slotOfId` is complete. `memberSlots`, when the dataset's maker kept them
   * (`data/kept-columns.ts`), are the members' slots, which spare looking up each member's id.
   */
  constructor(
    workspaces: readonly Workspace[],
    slotOfId: Lookup<number>,
    slots: number,
    deferred = false,
    memberSlots?: readonly (readonly number[])[],
  ) {
    this.#workspaces = workspaces;
    this.#slotOfId = slotOfId;
    this.#memberSlots = memberSlots;
    this.#words = Math.max(1, Math.ceil(workspaces.length / 32));
    this.#masks = new Uint32Array(slots * this.#words);
    if (!deferred) runToEnd(this.fill());
  }

  /** Fills the member lists and masks from the workspaces, a few thousand members per step. */
  *fill(): Steps<void> {
    for (const [w, workspace] of this.#workspaces.entries()) {
      this.#index.set(workspace.id, w);
      const list: MemberList = { slots: [], ascending: true };
      // A plain function over a step's share of the members: V8 optimizes that, not a generator's loop.
      for (let from = 0; from < workspace.members.length; from += STEP_UNITS) {
        this.#addMembers(
          w,
          workspace.members,
          from,
          Math.min(workspace.members.length, from + STEP_UNITS),
          list,
        );
        yield;
      }
      // Seeded members come in slot order, already without repeats: only other lists are sorted.
      this.#members.push(list.ascending ? list.slots : [...new Set(list.slots)].sort((a, b) => a - b));
    }
  }

  /** Adds the users `ids[from, to)` to workspace `w`: to its list and to their masks. */
  #addMembers(w: number, ids: readonly string[], from: number, to: number, list: MemberList): void {
    const slots = list.slots;
    const kept = this.#memberSlots?.[w];
    for (let k = from; k < to; k++) {
      const slot = kept === undefined ? this.#slotOfId.get((ids[k] ?? '').toLowerCase()) : kept[k];
      if (slot === undefined) continue;
      if (slot <= (slots[slots.length - 1] ?? -1)) list.ascending = false;
      slots.push(slot);
      const word = slot * this.#words + (w >> 5);
      this.#masks[word] = (this.#masks[word] ?? 0) | (1 << (w & 31));
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

  /** Makes room for slots up to `slots - 1` (a store that appends users grows its masks, doubling). */
  grow(slots: number): void {
    const needed = slots * this.#words;
    if (needed <= this.#masks.length) return;
    const masks = new Uint32Array(Math.max(needed, this.#masks.length * 2));
    masks.set(this.#masks);
    this.#masks = masks;
  }

  /**
   * Gives slot `to` (new, after every other slot) the workspaces of slot `from`, which leaves them: what an update
   * does, as it moves a user to a new slot. Member lists stay ascending, `to` being the largest slot.
   */
  moveUser(from: number, to: number): void {
    this.grow(to + 1);
    const words = this.#words;
    for (let k = 0; k < words; k++) {
      this.#masks[to * words + k] = this.#masks[from * words + k] ?? 0;
      this.#masks[from * words + k] = 0;
    }
    for (const [w, members] of this.#members.entries()) {
      if (members.includes(from)) this.#members[w] = [...members.filter((m) => m !== from), to];
    }
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
