// The texts of product-spec.md section 8, letter for letter. The web app's English
// translations and the API's error details both read them from here.
export const MESSAGES = {
  notVerified: 'You are not verified yet. Please wait for admin to accept.',
  incorrectAccount: 'Incorrect account or password',
  deleteSuccess: 'Deleted successfully!',
  deleteFailed: 'Delete failed',
  updateSuccess: 'Updated successfully!',
  haveAnError: 'Have an error!',
  completeFailed: 'Have an error! Please contact to admin.',
  pageNotFound: 'Page Not Found',
  internalServerError: 'Internal Server Error',
} as const;
