// Experiment assignment: a reader (identity id, or the anonymous visitor id) falls in a group by a
// hash of the experiment and the reader, weighted. No storage: the same reader always lands in the
// same group, across visits and devices once signed in. Groups travel as GROUP_ID#GROUP_NAME (§5).
import { hash } from 'node:crypto';
import type { Experiment, WallRules } from './rules.ts';

export interface Assignment {
  experimentId: string;
  outcomeId: string;
  groupId: string;
  groupName: string;
  variant: string;
}

/**
 * A point in [0, 1) from the experiment and subject, uniform enough for weights: the first 32 bits
 * of SHA-256. One-shot `hash` is a fifth of createHash's cost (every anonymous page assigns), and
 * its bytes are read as they are rather than through hex.
 */
function position(experimentId: string, subject: string): number {
  return hash('sha256', `${experimentId}\u0000${subject}`, 'buffer').readUInt32BE(0) / 2 ** 32;
}

export function assign(experiment: Experiment, subject: string): Assignment {
  const total = experiment.groups.reduce((sum, group) => sum + group.weight, 0);
  let point = position(experiment.id, subject) * total;
  const group = experiment.groups.find((candidate) => (point -= candidate.weight) < 0) ?? experiment.groups.at(-1)!;
  return { experimentId: experiment.id, outcomeId: experiment.outcomeId, groupId: group.id, groupName: group.name, variant: group.variant };
}

export function assignAll(rules: WallRules, subject: string): Assignment[] {
  return rules.experiments.map((experiment) => assign(experiment, subject));
}

export const groupLabel = (assignment: Pick<Assignment, 'groupId' | 'groupName'>) => `${assignment.groupId}#${assignment.groupName}`;

/** Back from the token's GROUP_ID#GROUP_NAME strings to assignments, for groups that still exist. */
export function assignmentsFromLabels(rules: WallRules, labels: readonly string[]): Assignment[] {
  return rules.experiments.flatMap((experiment) => {
    const group = experiment.groups.find((candidate) => labels.includes(groupLabel({ groupId: candidate.id, groupName: candidate.name })));
    return group
      ? [{ experimentId: experiment.id, outcomeId: experiment.outcomeId, groupId: group.id, groupName: group.name, variant: group.variant }]
      : [];
  });
}
