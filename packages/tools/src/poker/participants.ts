/**
 * Who takes part in a Scrum Poker round and what the results column shows for each of them
 * (spec §2 Results: "Participants list with count; each shows a question mark while hidden,
 * the value when revealed, or 'Not voted'"; §6: the username serves as user id and name).
 */
import type { Estimation, PokerContent } from './types.ts';

/** One participant: `estimation` is their vote, or null when they have not voted. */
export interface PokerParticipant {
  userId: string;
  username: string;
  estimation: Estimation | null;
}

/**
 * The participants of a round: everyone who voted, in the order they first voted, then the
 * usernames in `present` (the current user and the members in the tool right now) who have
 * not voted, alphabetically. Blank and repeated names are dropped; a present name matches a
 * vote by its user id (spec §6: the username).
 */
export function pokerParticipants(
  estimations: readonly Estimation[],
  present: readonly string[],
): PokerParticipant[] {
  const voters = estimations.map((estimation): PokerParticipant => ({
    userId: estimation.userId,
    username: estimation.username,
    estimation,
  }));
  const seen = new Set(voters.map((voter) => voter.userId));
  const waiting: PokerParticipant[] = [];
  for (const name of present) {
    const username = name.trim();
    if (username === '' || seen.has(username)) continue;
    seen.add(username);
    waiting.push({ userId: username, username, estimation: null });
  }
  waiting.sort((a, b) => a.username.localeCompare(b.username));
  return [...voters, ...waiting];
}

/**
 * What the participants list shows for one participant (spec §2): `hidden` (a question mark)
 * while the votes are hidden, `revealed` with the vote value once they are shown, `none`
 * ('Not voted') without a vote.
 */
export type ParticipantVote =
  { kind: 'hidden' } | { kind: 'revealed'; value: string } | { kind: 'none' };

/** The {@link ParticipantVote} of `participant` in a round revealed or not (`isRevealed`). */
export function participantVote(
  participant: PokerParticipant,
  isRevealed: boolean,
): ParticipantVote {
  if (participant.estimation === null) return { kind: 'none' };
  return isRevealed
    ? { kind: 'revealed', value: participant.estimation.value }
    : { kind: 'hidden' };
}

/**
 * Whether Reveal/Hide and Reset are available (spec §2: "both disabled with zero
 * estimations").
 */
export function hasEstimations(content: PokerContent): boolean {
  return content.estimations.length > 0;
}
