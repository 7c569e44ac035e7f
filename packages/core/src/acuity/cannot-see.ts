/**
 * The answer "I can't see it" to an acuity chart (Sloan, Landolt C, Tumbling E; issue 20, ADR 0024). The
 * procedure scores it exactly as a wrong answer: the psychometric model's lower asymptote is the guess
 * rate γ, and below threshold P(wrong) = 1 − γ is already close to 1, so a "can't see" where the person
 * would have guessed changes the likelihood by at most a factor (1 − γ) / 1 per trial (Sloan γ = 1/9:
 * 0.89). Scoring it as anything other than wrong (skipping the trial, say) would leave the staircase
 * showing the same unreadable size again and bias the threshold towards better acuity. The Ready screen
 * still asks people to guess when unsure, which keeps the model's guess rate true.
 *
 * The same word is the key the phone and the keyboard send (core controller-keys CANNOT_SEE_KEY).
 */
export const CANNOT_SEE_ANSWER = 'cannot-see';
