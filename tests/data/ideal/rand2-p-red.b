x,y,z
32003
7*y*y*z*x - 9*y + 4*y*z*z - 8*z*y*x,
5*x*x*y + 8*z*z*y + 5*x*z*z - 7*z*x*x*y,
-4*y*x*y - 1*x*x*x + 8 + 7*x
