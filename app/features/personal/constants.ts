/** The identity's images: the front and the back of the ID are required, a photo holding it is optional. */
export const ID_PICS = ["front_pic", "reverse_pic", "hand_pic"] as const;
export type IdPic = (typeof ID_PICS)[number];
