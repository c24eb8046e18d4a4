// How a saved job is named in the browser (the Save buttons' state) and on the saved-jobs page:
// the organisation profile and the job's id there. No imports: the browser reads it too.
export const savedJobKey = ({ profileId, jobId }: { profileId: string; jobId: string }) => `${profileId}/${jobId}`;
