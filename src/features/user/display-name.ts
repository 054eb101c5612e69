/**
 * How a person is named on screen: their name, or their e-mail address while they have none (an
 * account made by a code and not yet through onboarding), never an empty string.
 */
export const displayName = (user: { name: string; email: string }) => user.name.trim() || user.email
