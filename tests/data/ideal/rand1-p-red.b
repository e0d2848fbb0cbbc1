x,y,z
32003
-2*y - 1*y*y + 1*y*y + 2*y*y*z*y,
1*y + 7*y*z + 6*x*y + 6*x*z,
8 - 4*z*z + 2 + 5*z*x*x
