x,y,z
32003
-2*y*z - 4*z*z*x*z - 6*y*x*y*x + 2,
-3*y*y + 1*x*y*y*x - 3*z*y*x + 7*x*x*x*x,
7*y*y + 6*y*z*x*x + 2*z*z*z - 3
